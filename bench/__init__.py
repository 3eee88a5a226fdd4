"""Benchmarks: figures are printed, never asserted in tests."""
