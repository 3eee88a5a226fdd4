"""`python -m weaver.cli` runs the vaultweave command."""

import sys

from weaver.cli import main

sys.exit(main())
