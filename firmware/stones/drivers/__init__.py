"""Drivers: hardware below the app, each behind a small duck-typed protocol (a pin has
value(), a bus has writeto(), a clock has ticks_ms()).

Reading guide:

    buttons.py      seven buttons in, small-int events out: debounce, long press, auto-repeat
    fb.py           the framebuf module for this runtime (MicroPython's C one, else framebuf_py)
    framebuf_py.py  a pure-Python framebuf for CPython, byte-identical to the C one
    font8x8.py      MicroPython's 8x8 font, for framebuf_py
    ssd1306.py      SSD1306 / SSD1309 / SH1106 OLEDs over I2C, sending only the pages that changed
    spibus.py       a 4-wire SPI panel behind the I2C surface ssd1306's drivers write to
    memorypanel.py  a panel with no bus and the drivers' surface (the simulator, the web page)
    st7789.py       ST7789 / ST7735 colour LCDs over SPI: the mono frame in a palette, scaled and
                    centred, only the pages that changed, as RGB565
    st7789viper.py  st7789's expand loop (a page of bits to RGB565) as viper code, its twin
    battery.py      the cell's voltage through a divider on an ADC input, smoothed
    buzzer.py       short named sounds played note by note from the app loop

The screens (ui/) import buttons.py for its event codes and fb.py for framebuf; nothing here
imports the engine or the screens.
"""
