"""The SQLite full-text tables hold each user's rows in a rowid range of its own: a search
reads only that range, the statistics stay the table's, and a version-3 file (full-text
rowids equal to the base rowids) is moved into ranges when it opens."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.stores.sqlite.user_ranges import base_rowid, fts_match, fts_rowid, slot_range

from .old_files import old_sqlite_file

T0 = datetime(2024, 6, 3, 8, 0, tzinfo=timezone.utc)


def test_rowids_round_trip_and_ranges_do_not_overlap() -> None:
    assert base_rowid(fts_rowid(3, 12345)) == 12345
    lo, hi = slot_range(3)
    assert lo < fts_rowid(3, 1) <= fts_rowid(3, 2**40 - 1) == hi < slot_range(4)[0]
    with pytest.raises(ValueError):
        fts_rowid(3, 2**40)
    assert (
        fts_match(['say "hi"', "kite", "kite"], "{terms context}")
        == '{terms context} : ("say ""hi""" OR "kite")'
    )
    assert fts_match(["", ""]) is None


def _slots(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as c:
        return dict(c.execute("SELECT user_id, rowid FROM users").fetchall())


def _in_ranges(path: Path) -> None:
    slots = _slots(path)
    with sqlite3.connect(path) as c:
        for fts, base in (("facts_fts", "facts"), ("episodes_fts", "episodes")):
            rows = c.execute(f"SELECT x.rowid, b.rowid, b.user_id FROM {fts} x JOIN {base} b "
                             "ON b.rowid = (x.rowid & ((1 << 40) - 1))").fetchall()  # fmt: skip
            assert rows and len(rows) == c.execute(f"SELECT count(*) FROM {fts}").fetchone()[0]
            assert all(x == fts_rowid(slots[user], b) for x, b, user in rows)


def test_every_full_text_row_is_in_its_users_range(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory(path) as mem:
        mem.remember("ana", "I keep bees on the roof of my building.", at=T0)
        mem.remember("ana", "They made twelve jars of honey.", role="assistant", at=T0 + timedelta(minutes=1))
        mem.remember("bo", "My bees swarmed into the neighbour's hedge.", at=T0)
        later = T0 + timedelta(days=1)
        found = mem.recall("bo", "bees", k=5, at=later)
        assert found and all("hedge" in it.text for it in found)  # none of ana's bees
        _in_ranges(path)
        mem.forget_user("ana")
        assert mem.recall("ana", "bees honey", k=5, at=later) == []
        assert mem.recall("bo", "bees", k=5, at=later)  # the other user's range is whole
        mem.remember("ana", "Back to beekeeping next spring.", at=later)  # the id again, a new range
        again = mem.recall("ana", "beekeeping", k=5, at=later)
        assert len(again) == 1 and "beekeeping" in again[0].text
    _in_ranges(path)


def test_a_user_deleted_and_written_again_in_one_write_gets_its_new_range(tmp_path: Path) -> None:
    from graphmem.model import Episode

    path = tmp_path / "m.db"
    with Memory(path) as mem:
        mem.remember("cy", "I keep a small vegetable patch.", at=T0)
        mem.remember("di", "My patch is all tomatoes this year.", at=T0)

        def again(w):  # the user's row goes, and the same write indexes a new message
            w.delete_user()
            w.add_episode(Episode("m_again", "cy", "user", "Starting over with herbs.", T0), ["herb"])

        mem.store.write("cy", again)
        hits = mem.store.reader("cy").search_episodes_text(["herb"], 5)
        assert [i for i, _ in hits] == ["m_again"]
        assert mem.store.reader("di").search_episodes_text(["herb"], 5) == []
    _in_ranges(path)


def test_a_version_3_file_is_moved_into_ranges(tmp_path: Path) -> None:
    from graphmem.stores.common import user_key

    path = tmp_path / "v3.db"
    c = old_sqlite_file(path, 3)
    t = T0.timestamp()
    said = {"ana": "The canoe trip starts at the old mill.", "bo": "Our canoe sprang a leak near the weir."}
    for i, (user, text) in enumerate(said.items()):
        if user == "ana":  # bo has rows but no users row, as files from before its use
            c.execute("INSERT INTO users VALUES (?, 1, 0, 0)", (user,))
        c.execute("INSERT INTO episodes (id, user_id, role, text, at, ref) VALUES (?,?,'user',?,?,?)",
                  (f"m{i}", user, text, t + i, f"r{i}"))  # fmt: skip
        rowid = c.execute("SELECT rowid FROM episodes WHERE id = ?", (f"m{i}",)).fetchone()[0]
        c.execute("INSERT INTO episodes_fts (rowid, ukey, terms, context) VALUES (?,?,?,'')",
                  (rowid, user_key(user), " ".join(text.lower().rstrip(".").split())))  # fmt: skip
    c.commit()
    c.close()
    with Memory(path) as mem:
        for user, text in said.items():
            items = mem.recall(user, "the canoe", k=5, at=T0 + timedelta(days=1))
            assert len(items) == 1 and items[0].text == text
        assert mem.store.count_rows("ana") == mem.store.count_rows("bo") > 0
        mem.remember("bo", "We patched the canoe with resin.", at=T0 + timedelta(days=2))
    _in_ranges(path)
