"""`python -m weaver.cli` runs the vaultweave command."""

import sys

from vaultweave.weaver.cli import main

sys.exit(main())
