// A test target that imports HoloframeTesting gets the types its expectations take (Clip, Scene,
// Tolerance, RecordMode, …) without a second import.
@_exported import Holoframe
