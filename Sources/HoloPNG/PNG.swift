import HoloRaster
