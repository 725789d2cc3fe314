"""Fonts the firmware ships.

    fontgen.py   the compact 5x7 font drawn as text, made into stones/ui/font5x7.py
"""
