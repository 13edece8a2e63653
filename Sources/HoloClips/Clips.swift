import HoloScene
