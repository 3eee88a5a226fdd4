"""Search projections over the tiers: a FAISS dense index and a BM25 keyword index.

Both live in ``.vaultweave/`` and are derived: ``vaultweave reindex`` rebuilds them.
"""
