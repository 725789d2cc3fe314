"""Host tools: simulator, GTP engine, build and flash, benchmarks. They may import the firmware
(firmware/ is put on sys.path by host_tools.paths); the firmware never imports them."""
