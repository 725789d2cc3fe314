# Pocket Stones: MicroPython's RPI_PICO board (RP2040, 2 MB flash) with the app frozen in.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)

# The runtime's hot paths for Python code (host_tools/pico/profile.py shows them taking most
# of a playout's cycles): integer operators, subscripts of arrays and bytearrays, and the object
# helpers they call. The port builds for size (-Os) but for vm.c, map.c and mpz.c (-O2); these
# join them.
foreach(name runtime.c obj.c objarray.c binary.c)
    set_source_files_properties(${MICROPY_DIR}/py/${name} PROPERTIES COMPILE_OPTIONS "-O2")
endforeach()
