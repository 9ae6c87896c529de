"""Word pieces: the tokenizer a sentence encoder reads through, and how much of a text it is
given."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from tokenizers import Tokenizer

MAX_TOKENS = 128  # all-MiniLM-L6-v2 was trained on 128 word pieces; a memory says it sooner


# The most characters a word piece stands for, with the space before it: a word of more than
# 100 characters is one unknown piece (the tokenizer's max_input_chars_per_word).
PIECE_CHARS = 101
_RUN = re.compile(r"\S+")


def head(text: str) -> str:
    """As much of `text` as its first MAX_TOKENS word pieces can hold, its spaces one each: the
    tokenizer reads a text whole before it truncates, and a 50 MB note took minutes."""
    most = MAX_TOKENS * PIECE_CHARS
    if len(text) <= most:
        return text
    kept: list[str] = []
    size = 0
    for run in _RUN.finditer(text):
        kept.append(run.group()[: most - size])
        size += len(kept[-1]) + 1
        if size >= most:
            break
    return " ".join(kept)


def tokenizer_of(path: Path | None) -> Tokenizer:
    """A tokenizer.json, or the uncased BERT word pieces all-MiniLM-L6-v2 uses."""
    from tokenizers import Tokenizer

    if path is not None:
        tokenizer = Tokenizer.from_file(str(path))
    else:
        import gzip
        from importlib.resources import files

        from tokenizers import decoders, models, normalizers, pre_tokenizers, processors

        data = files("memctl").joinpath("data/minilm-vocab.txt.gz").read_bytes()
        vocab = {w: i for i, w in enumerate(gzip.decompress(data).decode().splitlines())}
        tokenizer = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
        tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
        tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        tokenizer.post_processor = processors.BertProcessing(
            ("[SEP]", vocab["[SEP]"]), ("[CLS]", vocab["[CLS]"])
        )
        tokenizer.decoder = decoders.WordPiece()
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    return tokenizer
