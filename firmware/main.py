# Pocket Stones boots here (MicroPython runs main.py by name, so this file ships as source).
# Hold the recovery button (MENU in the shipped pin maps) at power-on to skip the app and leave
# the REPL free for mpremote.
import stones.boot

stones.boot.main()
