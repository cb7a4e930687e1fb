"""One-shot conversion of graphmem/extract's Python rule tables into language-pack data.

Reads each table's source (AST) for its rows' pattern templates and handler expressions,
and the imported modules for the compiled patterns; writes graphmem/lang/<lang>/*.toml;
loads them back through graphmem.lang.engine and checks every expanded pattern and flag
set equals the old compiled one; then (with --rewrite) replaces each Python table by a
handler registry (`{"name": <the same handler expression>}`) in the same module.

    .venv/bin/python tools/convert_rule_tables.py            # write TOML, verify
    .venv/bin/python tools/convert_rule_tables.py --rewrite  # ... and rewrite the modules
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "graphmem"


@dataclass
class Spec:
    lang: str
    table: str  # clause | predicate
    module: str  # graphmem.extract.rules_en
    var: str  # name of the Python table
    compiled: str  # name of the compiled list in the module
    registry: str  # name the rewritten module gives its handler registry


SPECS = [  # the module that owns a shared handler comes first
    Spec("en", "predicate", "graphmem.extract.patterns_en", "_TABLE", "RULES", "HANDLERS"),
    Spec(
        "en",
        "predicate",
        "graphmem.extract.patterns_en_life",
        "PREDICATES",
        "PREDICATES",
        "PREDICATE_HANDLERS",
    ),
    Spec("en", "clause", "graphmem.extract.rules_en", "_CLAUSE_RULES", "_CLAUSE_RULES", "_CLAUSE_HANDLERS"),
    Spec("en", "clause", "graphmem.extract.patterns_en_life", "RULES", "RULES", "CLAUSE_HANDLERS"),
    Spec("zh", "predicate", "graphmem.extract.patterns_zh", "_TABLE", "RULES", "HANDLERS"),
    Spec("zh", "clause", "graphmem.extract.rules_zh", "_CLAUSE_RULES", "_CLAUSE_RULES", "_CLAUSE_HANDLERS"),
]

#: Handler expressions that are lambdas (or hold one) get a name written by hand.
LAMBDA_NAMES: dict[str, str] = {
    'lambda m, x: _forget(m["x"], x)': "forget_that",
    'lambda m, x: _new_locals(m, x) if re.search(r"\\b(?:now|officially)\\b", m.group(0)) else None': "new_locals_now",
    '_if(lambda m, x: x.subj.type == "pet", pet_gone)': "pet_died",
    'lambda m, x: [cand("partner", m["name"], ME, x.src, retract=True, correction=True)]': "partner_left",
    'lambda m, x: [cand("age", m["n"], x.subj, x.src)] if 0 < int(m["n"]) < 130 else None': "age",
    'lambda m, x: [cand("age", m["n"], x.subj, x.src)]': "age_turned",
    'lambda m, x: [cand("gender", EN_GENDER[m["g"].lower()], x.subj, x.src)]': "gender",
    '_fixed("note", lambda m: f"born in {m[\'x\']}")': "born_in_year",
    '_if(lambda m, x: c.is_place_en(m["x"]), attr("city", place))': "city_if_place",
    '_if(lambda m, x: c.is_place_en(span(m["x"], PLACE_STOP)), work_candidates)': "work_in_place",
    'lambda m, x: [cand("employer", span(m["x"]), x.subj, x.src)]': "employer_is",
    '_fixed("job_title", lambda m: m["v"].replace("a stay", "stay"))': "job_status",
    'lambda m, x: [cand("diet", EN_DIETS[m["d"].lower()], x.subj, x.src)]': "diet",
    '_fixed("diet", lambda m: EN_AVOID.get(m["x"].lower(), f"no {m[\'x\'].lower()}"))': "diet_avoid",
    'attr("language", lambda v: span(_LANG_AMOUNT_RX.sub("", v)))': "language",
    'attr("skill", lambda v: span(v, LIKE_STOP))': "skill_good_at",
    '_fixed("skill", lambda m: "play " + m["v"])': "skill_instrument",
    '_if(lambda m, x: job_title_of(m["y"]), work_candidates)': "job_at",
    '_if(lambda m, x: job_title_of(m["y"]), _job_in)': "job_in",
    'lambda m, x: p.new_locals_of(m["when"] + m["rest"], x)': "new_locals_now",
    'lambda m, x: [cand("employer", clean(m["x"]), x.subj, x.src)]': "employer_is",
    'lambda m, x: [cand("allergy", clean(m["x"]), x.subj, x.src, retract=True, correction=True)]': "not_allergic",
    "lambda m, x: _title(m, x, need_occupation=False)": "title_any",
    'lambda m, x: _age_n(m["n"] or m["n2"], x)': "age_this_year",
    '_if(lambda m, x: c.is_place_zh(m["x"]), _hometown)': "hometown_if_place",
    '_if(lambda m, x: c.is_place_zh(m["x"]) and bool(re.search(r"是.{1,8}[人银]|老家|来自", x.state.last_clause)), _hometown)': "hometown_narrowed",
    '_if(lambda m, x: c.is_place_zh(m["x"]), _city)': "city_if_place",
    '_if(lambda m, x: m["x"] in ZH_PLACES, _city)': "city_if_known_place",
    '_if(lambda m, x: c.is_org_zh(m["x"]) and not c.is_place_zh(m["x"]), _work)': "work_if_org",
    '_if(lambda m, x: x.subj.type == "pet", _pet_gone)': "pet_died",
    "_language()": "my_language",
    '_language("native")': "mother_tongue",
    '_language("learning")': "learning_language",
}
#: Automatic names made plainer, per language.
RENAMES = {
    "en": {
        "if_is_pet_word_pet_gone": "pet_gone",
        "gone_city": "city_left",
        "gone_hometown": "hometown_denied",
        "fixed_diet_omnivore": "diet_omnivore",
        "fixed_diet_lactose_free": "diet_lactose_free",
        "fixed_diet_gluten_free": "diet_gluten_free",
        "likes_like_value": "likes",
        "dislikes_like_value": "dislikes",
        "likes": "likes_fan",
        "likes_like_value_split_true": "hobbies",
        "language_qualifier__native": "native_language",
        "hometown_place": "hometown",
        "city_place": "city",
        "couple_partner_fiance": "engaged",
        "couple_spouse": "married_to",
        "couple_partner": "dating",
        "allergen": "allergy",
        "allergy": "allergy_named",
    },
    "zh": {"if_occ_work": "work_as_occupation", "allergy_x": "allergy"},
}


def _normal(src: str) -> str:
    """A handler expression without its module prefixes: p.attr(...) is attr(...)."""
    return re.sub(r"\b(?:p|c)\.", "", src)


_FLAG_NAMES = {
    re.IGNORECASE: "IGNORECASE",
    re.MULTILINE: "MULTILINE",
    re.DOTALL: "DOTALL",
    re.VERBOSE: "VERBOSE",
}


def _assign(tree: ast.Module, var: str) -> ast.Assign:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == var for t in node.targets
        ):
            return node
    raise SystemExit(f"no {var}")


def _rows(node: ast.Assign) -> list[ast.Tuple]:
    v = node.value
    if isinstance(v, ast.ListComp):
        v = v.generators[0].iter
    assert isinstance(v, ast.List | ast.Tuple), ast.dump(v)[:200]
    rows = [e for e in v.elts if isinstance(e, ast.Tuple)]
    assert len(rows) == len(v.elts)
    return rows


def _value_of(expr: ast.expr, module) -> object:
    return eval(compile(ast.Expression(expr), "<frag>", "eval"), vars(module))  # noqa: S307


def _frag_name(expr: ast.expr) -> str:
    text = ast.unparse(expr)
    name = text.split(".")[-1].lstrip("_")
    return {"N": "NUM"}.get(name, name).upper()


class Fragments:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.values: dict[str, str] = {}  # name -> template
        self.expanded: dict[str, str] = {}

    def add(self, name: str, expr: ast.expr, module) -> None:
        value = _value_of(expr, module)
        assert isinstance(value, str), (name, value)
        if name in self.expanded:
            assert self.expanded[name] == value, f"{self.lang}: fragment {name} means two things"
            return
        self.expanded[name] = value
        self.values[name] = self.template_of_name(expr, module, value)

    def template_of_name(self, expr: ast.expr, module, value: str) -> str:
        """A fragment defined by a literal or an f-string in its module is written as its
        template (fragments within as ${...}); one computed from a lexicon, expanded."""
        owner = module
        if isinstance(expr, ast.Attribute):
            owner = _value_of(expr.value, module)
            attr = expr.attr
        elif isinstance(expr, ast.Name):
            attr = expr.id
        else:
            return value
        src = Path(owner.__file__).read_text(encoding="utf-8")
        tree = ast.parse(src)
        try:
            node = _assign(tree, attr).value
        except SystemExit:
            # imported name: follow `from x import NAME`
            for n in tree.body:
                if isinstance(n, ast.ImportFrom) and any(a.name == attr for a in n.names):
                    mod = importlib.import_module(n.module)
                    return self.template_of_name(ast.Name(attr), mod, value)
            return value
        if isinstance(node, ast.Constant | ast.JoinedStr):
            t = self.template(node, owner)
            return t
        return value

    def template(self, node: ast.expr, module) -> str:
        if isinstance(node, ast.Constant):
            assert "${" not in node.value
            return node.value
        if isinstance(node, ast.JoinedStr):
            out = []
            for part in node.values:
                if isinstance(part, ast.Constant):
                    assert "${" not in part.value
                    out.append(part.value)
                else:
                    assert (
                        isinstance(part, ast.FormattedValue)
                        and part.conversion == -1
                        and part.format_spec is None
                    )
                    inner = part.value
                    if isinstance(inner, ast.Name | ast.Attribute):
                        name = _frag_name(inner)
                        self.add(name, inner, module)
                        out.append("${" + name + "}")
                    else:  # an expression computed in place: its value
                        out.append(str(_value_of(inner, module)))
            return "".join(out)
        if isinstance(node, ast.Attribute) and node.attr == "pattern":  # _NEW_LOCALS.pattern
            owner_rx = _value_of(node.value, module)
            name = node.value.id if isinstance(node.value, ast.Name) else ast.unparse(node.value)
            src = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
            call = _assign(src, name).value
            assert isinstance(call, ast.Call)
            t = self.template(call.args[0], module)
            assert self.expand(t) == owner_rx.pattern
            return t
        if isinstance(node, ast.Name):  # REACTION
            value = _value_of(node, module)
            return self.template_of_name(node, module, value)
        raise AssertionError(ast.dump(node)[:300])

    def expand(self, t: str) -> str:
        return re.sub(r"\$\{([A-Z][A-Z0-9_]*)\}", lambda m: self.expand(self.values[m[1]]), t)


def _handler_name(expr: ast.expr, src: str) -> str:
    text = ast.get_source_segment(src, expr) or ast.unparse(expr)
    if text in LAMBDA_NAMES:
        return LAMBDA_NAMES[text]
    if isinstance(expr, ast.Name):
        return expr.id.lstrip("_")
    if isinstance(expr, ast.Attribute):
        return expr.attr.lstrip("_")
    if isinstance(expr, ast.Call):
        fn = ast.unparse(expr.func).split(".")[-1].lstrip("_")
        bits = []
        for a in expr.args:
            if isinstance(a, ast.Constant):
                bits.append(str(a.value))
            elif isinstance(a, ast.Name | ast.Attribute):
                bits.append(_handler_name(a, src))
            else:
                bits.append("?")
        for k in expr.keywords:
            bits.append(f"{k.arg}_{ast.unparse(k.value).strip(chr(34))}")
        if fn in ("attr", "pref"):
            fn = ""
        name = "_".join(b for b in [fn, *bits] if b)
        return re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
    return "?"


def _toml_str(s: str) -> str:
    if "\n" not in s and "'" not in s:
        return f"'{s}'"
    if "'''" not in s and not s.endswith("'") and "\n" not in s:
        return f"'''{s}'''"
    return json.dumps(s, ensure_ascii=False)


def _comments(lines: list[str], start: int, end: int) -> list[str]:
    """# comment lines (1-based, inclusive range) between two rows."""
    out = []
    for ln in lines[start - 1 : end]:
        st = ln.strip()
        if st.startswith("#") and not st.startswith("# fmt"):
            out.append(st)
    return out


def convert() -> dict[str, list[dict]]:
    tables: dict[tuple[str, str], list[dict]] = {}
    frags = {"en": Fragments("en"), "zh": Fragments("zh")}
    registries: dict[tuple[str, str], dict[str, str]] = {}
    for spec in SPECS:
        module = importlib.import_module(spec.module)
        path = Path(module.__file__)
        src = path.read_text(encoding="utf-8")
        lines = src.splitlines()
        tree = ast.parse(src)
        node = _assign(tree, spec.var)
        rows = _rows(node)
        compiled = getattr(module, spec.compiled)
        assert len(rows) == len(compiled), (spec, len(rows), len(compiled))
        reg = registries.setdefault((spec.module, spec.registry, spec.lang), {})
        prev_end = node.lineno
        for row, (rx, _fn) in zip(rows, compiled, strict=True):
            pat_node, handler_node = row.elts[0], row.elts[-1]
            template = frags[spec.lang].template(pat_node, module)
            assert frags[spec.lang].expand(template) == rx.pattern, (spec.module, template[:80])
            flags = [n for f, n in _FLAG_NAMES.items() if rx.flags & f]
            hsrc = ast.get_source_segment(src, handler_node)
            hname = _handler_name(handler_node, src)
            hname = RENAMES[spec.lang].get(hname, hname)
            owner = next(
                (
                    k
                    for k, r in registries.items()
                    if k != (spec.module, spec.registry, spec.lang) and hname in r and k[2] == spec.lang
                ),
                None,
            )
            if owner is not None:
                assert _normal(registries[owner][hname]) == _normal(hsrc), (hname, owner, hsrc)
                hsrc = None  # registered by the module that owns it
            if hsrc is not None:
                if hname in reg and reg[hname] != hsrc:
                    raise SystemExit(
                        f"{spec.module}: handler name {hname} for two expressions:\n{reg[hname]}\n{hsrc}"
                    )
                reg[hname] = hsrc
            tables.setdefault((spec.lang, spec.table), []).append(
                {
                    "comments": _comments(lines, prev_end + 1, row.lineno - 1),
                    "pattern": template,
                    "flags": flags,
                    "handler": hname,
                    "module": spec.module,
                    "expanded": rx.pattern,
                    "compiled_flags": rx.flags,
                }
            )
            prev_end = row.end_lineno
    # ids: <lang>.<table>.<handler>, numbered when a handler serves several rows
    for (lang, table), rows in tables.items():
        counts: dict[str, int] = {}
        for r in rows:
            counts[r["handler"]] = counts.get(r["handler"], 0) + 1
        seen: dict[str, int] = {}
        for r in rows:
            h = r["handler"]
            seen[h] = seen.get(h, 0) + 1
            r["id"] = f"{lang}.{table}.{h}" + (f"_{seen[h]}" if counts[h] > 1 else "")
    return {"tables": tables, "fragments": frags, "registries": registries}  # type: ignore[return-value]


def write(result) -> None:
    for lang, fr in result["fragments"].items():
        out = PKG / "lang" / lang
        out.mkdir(parents=True, exist_ok=True)
        lines = [
            f"# Named pieces of the {lang} rule patterns: a pattern (or a fragment) says ${{NAME}} where",
            "# the piece goes. Fragments built from a word list are written out in full.",
            "",
            "[fragments]",
        ]
        for name in sorted(fr.values):
            lines.append(f"{name} = {_toml_str(fr.values[name])}")
        (out / "fragments.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (out / "pack.toml").write_text(
            "# The rule tables of this language, by file name. Each table runs in the order its rules are\n"
            "# written: the first rule whose pattern matches and whose handler yields wins.\n"
            'tables = ["clause", "predicate"]\n',
            encoding="utf-8",
        )
    for (lang, table), rows in result["tables"].items():
        out = PKG / "lang" / lang / f"{table}.toml"
        lines = [HEADERS[table].format(lang=lang), ""]
        for r in rows:
            lines += [*r["comments"], "[[rule]]", f'id = "{r["id"]}"', f"pattern = {_toml_str(r['pattern'])}"]
            if r["flags"]:
                lines.append("flags = [" + ", ".join(f'"{f}"' for f in r["flags"]) + "]")
            lines += [f'handler = "{r["handler"]}"', "examples = []", ""]
        out.write_text("\n".join(lines), encoding="utf-8")


HEADERS = {
    "clause": (
        '# {lang} clause rules: tried on a whole clause before its subject is resolved ("call me Liz",\n'
        '# "X and I split up"). In order; the first rule whose pattern matches and whose handler yields\n'
        "# wins, a handler that declines lets the rules below try. Every rule lists sentences it must be\n"
        "# the one to read (tests/test_rule_examples.py runs them through the whole table)."
    ),
    "predicate": (
        '# {lang} predicate rules: what follows a clause\'s subject ("work at Google", "对海鲜过敏"),\n'
        "# subject removed and contractions expanded. In order; the first rule whose pattern matches and\n"
        "# whose handler yields wins, a handler that declines lets the rules below try. Every rule lists\n"
        "# sentences it must be the one to read (tests/test_rule_examples.py runs them through the table)."
    ),
}


def rewrite(result) -> None:
    """Each Python table becomes its module's handler registry: the same handler expressions,
    now named; the patterns live in the pack."""
    by_module: dict[str, list[tuple[Spec, dict[str, str]]]] = {}
    for spec in SPECS:
        reg = result["registries"][(spec.module, spec.registry, spec.lang)]
        by_module.setdefault(spec.module, []).append((spec, reg))
    for module_name, specs in by_module.items():
        path = Path(importlib.import_module(module_name).__file__)
        src = path.read_text(encoding="utf-8")
        lines = src.splitlines(keepends=True)
        tree = ast.parse(src)
        edits = []
        for spec, reg in specs:
            node = _assign(tree, spec.var)
            table = f"lang/{spec.lang}/{spec.table}.toml"
            body = [f"#: The handlers of {table}'s rules, by the name a rule gives as `handler`.\n"]
            body.append(f"{spec.registry}: dict[str, Handler] = {{\n")
            body += [f'    "{k}": {v},\n' for k, v in reg.items()]
            body.append("}\n")
            edits.append((node.lineno, node.end_lineno, body))
            if spec.compiled != spec.var:  # patterns_*: RULES = [...] compiled the table
                c = _assign(tree, spec.compiled)
                edits.append((c.lineno, c.end_lineno, []))
        for start, end, body in sorted(edits, reverse=True):
            lines[start - 1 : end] = body
        path.write_text("".join(lines), encoding="utf-8")
        print("rewrote", path.relative_to(ROOT))


def verify(result) -> None:
    from graphmem.lang.engine import load_pack

    for lang in ("en", "zh"):
        names = {r["handler"] for (lg, _), rows in result["tables"].items() if lg == lang for r in rows}
        pack = load_pack(lang, {n: (lambda m, c: None) for n in names})
        for (lg, table), rows in result["tables"].items():
            if lg != lang:
                continue
            loaded = pack.table(table).rules
            assert len(loaded) == len(rows)
            for rule, old in zip(loaded, rows, strict=True):
                assert rule.regex.pattern == old["expanded"], rule.id
                assert rule.regex.flags == old["compiled_flags"], (
                    rule.id,
                    rule.regex.flags,
                    old["compiled_flags"],
                )
                assert rule.handler_name == old["handler"]
        print(lang, {t: len(pack.table(t).rules) for t in pack.tables}, "patterns and flags equal")


if __name__ == "__main__":
    result = convert()
    if "--dump" in sys.argv:
        for (lang, table), rows in result["tables"].items():
            for r in rows:
                print(lang, table, r["id"], "<-", result["registries"] and "")
        for key, reg in result["registries"].items():
            print("==", key)
            for k, v in reg.items():
                print(f"  {k!r}: {v}")
        raise SystemExit
    write(result)
    verify(result)
    if "--rewrite" in sys.argv:
        rewrite(result)
