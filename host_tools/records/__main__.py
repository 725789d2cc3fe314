"""python -m host_tools.records: finished games kept by the device (see cli.py)."""

import sys

from host_tools.records.cli import main

sys.exit(main())
