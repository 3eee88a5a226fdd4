"""Turning resources into candidate facts."""

from vaultweave.weaver.extract.base import Candidate, Extractor, Op

__all__ = ["Candidate", "Extractor", "Op"]
