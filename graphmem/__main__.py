import sys

from graphmem.shells.cli.main import main

sys.exit(main())
