print("Pocket Stones: the app lands with the device issue")
