"""Compressed memory: digest pages of older turns, one per session, ISO week and topic.

Pages live under ``digests/`` and are outputs: re-made from resources and items, never
read back (see docs/DOMAIN_MODEL.md, "Digests"). Nothing heavy is imported here.
"""

FOLDER = "digests"
DIGEST_KIND = "digest"  # search units and hits of digests
DIGEST_PREFIX = "digest:"  # a digest unit's key: digest:<page path>
