import sys

from rulesengine.cli import main

sys.exit(main())
