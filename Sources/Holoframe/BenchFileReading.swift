// Reading a `bench --json` file (a `--baseline`) from HoloGeometry's JSON tree, field by field, so
// a damaged baseline names the field (`clips[0].frames[12].totalMs: expected a number, got null`).
// Counts are whole numbers; times any finite number. Keys the reader does not know are ignored:
// the file is holoframe's own output, and a later version may add figures.

import HoloGeometry

extension BenchFile {
    init(_ root: JSONValue) throws(JSONFieldError) {
        var o = try JSONObject(root, path: "", kind: "a bench file")
        schema = try o.required("schema").wholeNumber(at: o.path(of: "schema"))
        clips = []
        for (i, item) in try o.required("clips").array(at: o.path(of: "clips")).enumerated() {
            clips.append(try ClipBench(item, path: JSONPath.item(o.path(of: "clips"), i)))
        }
    }
}

extension ClipBench {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a clip's timings")
        clip = try o.required("clip").string(at: o.path(of: "clip"))
        device = try o.required("device").string(at: o.path(of: "device"))
        width = try o.required("width").wholeNumber(at: o.path(of: "width"))
        height = try o.required("height").wholeNumber(at: o.path(of: "height"))
        budgetMs = try o.required("budgetMs").number(at: o.path(of: "budgetMs"))
        repeats = try o.required("repeats").wholeNumber(at: o.path(of: "repeats"))
        preparationMs = try o.required("preparationMs").number(at: o.path(of: "preparationMs"))
        frames = []
        for (i, item) in try o.required("frames").array(at: o.path(of: "frames")).enumerated() {
            frames.append(try FrameTiming(item, path: JSONPath.item(o.path(of: "frames"), i)))
        }
        summary = try BenchSummary(try o.required("summary"), path: o.path(of: "summary"))
    }
}

extension FrameTiming {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a frame timing")
        frame = try o.required("frame").wholeNumber(at: o.path(of: "frame"))
        time = try o.required("time").number(at: o.path(of: "time"))
        simulateMs = try o.required("simulateMs").number(at: o.path(of: "simulateMs"))
        rasterMs = try o.required("rasterMs").number(at: o.path(of: "rasterMs"))
        encodeMs = try o.optional("encodeMs").map { v throws(JSONFieldError) in try v.number(at: o.path(of: "encodeMs")) }
        totalMs = try o.required("totalMs").number(at: o.path(of: "totalMs"))
    }
}

extension BenchSummary {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a summary")
        func ms(_ key: String) throws(JSONFieldError) -> Double { try o.required(key).number(at: o.path(of: key)) }
        minMs = try ms("minMs"); medianMs = try ms("medianMs"); p95Ms = try ms("p95Ms"); p99Ms = try ms("p99Ms"); maxMs = try ms("maxMs")
        worstFrame = try o.required("worstFrame").wholeNumber(at: o.path(of: "worstFrame"))
        worstTime = try ms("worstTime")
        framesOverBudget = try o.required("framesOverBudget").wholeNumber(at: o.path(of: "framesOverBudget"))
        encodeMedianMs = try o.optional("encodeMedianMs").map { v throws(JSONFieldError) in try v.number(at: o.path(of: "encodeMedianMs")) }
    }
}
