#!/bin/sh
# Shows a golden frame as a picture: tests/golden-show.sh FRAME OUT.png
# [--theme NAME] [--terminal] [--light] draws tests/golden/NAME-WxH (its
# .txt and .roles) with the colours of each role in the theme
# (tests/golden-show.py says more; it runs under /usr/bin/python3 with PIL).
exec /usr/bin/python3 "$(dirname "$0")/golden-show.py" "$@"
