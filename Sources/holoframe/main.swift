import Holoframe
print("holoframe")
