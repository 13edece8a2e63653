// Holoframe is the umbrella: importing it brings every layer and both job modules (making
// outputs: HoloExport; checking them: HoloVerify), as the CLI and users' tools need.
@_exported import HoloGeometry
@_exported import HoloDevices
@_exported import HoloMotion
@_exported import HoloScene
@_exported import HoloText
@_exported import HoloPixels
@_exported import HoloRaster
@_exported import HoloPNG
@_exported import HoloGolden
@_exported import HoloClips
@_exported import HoloStop
@_exported import HoloExport
@_exported import HoloVerify
