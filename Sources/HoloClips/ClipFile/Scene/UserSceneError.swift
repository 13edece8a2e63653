// A user scene document that could not be loaded: where (`scene.children[2].frame.width`) and why.
// The scene is read from HoloGeometry's JSON tree with its readers (JSONObject, `number(at:)`, …),
// which name the path and say what they found.

import HoloGeometry

public typealias UserSceneError = JSONFieldError
