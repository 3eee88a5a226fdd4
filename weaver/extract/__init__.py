"""Turning resources into candidate facts."""

from weaver.extract.base import Candidate, Extractor, Op

__all__ = ["Candidate", "Extractor", "Op"]
