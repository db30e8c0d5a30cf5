"""`python -m tui` is the `muster` command."""
import sys

from tui.cli import main

sys.exit(main())
