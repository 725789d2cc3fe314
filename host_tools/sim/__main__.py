"""python -m host_tools.sim: the device simulator (see cli.py)."""

import sys

from host_tools.sim.cli import main

sys.exit(main())
