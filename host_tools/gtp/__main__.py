"""python -m host_tools.gtp: the GTP front end (see engine.py)."""

import sys

from host_tools.gtp.engine import main

sys.exit(main())
