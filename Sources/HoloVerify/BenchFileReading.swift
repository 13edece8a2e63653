// Reading a `bench --json` file (a `--baseline`) from HoloGeometry's JSON tree, field by field, so
// a damaged baseline names the field (`clips[0].frames[12].totalMs: expected a number, got null`).
// Counts are whole numbers; times any finite number. Keys the reader does not know are ignored:
// the file is holoframe's own output, and a later version may add figures.

import HoloExport
import HoloGeometry

extension BenchFile {
    init(_ root: JSONValue) throws(JSONFieldError) {
        var o = try JSONObject(root, path: "", kind: "a bench file")
        schema = try o.wholeNumber("schema")
        clips = []
        for (item, path) in try o.items("clips") { clips.append(try ClipBench(item, path: path)) }
    }
}

extension ClipBench {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a clip's timings")
        clip = try o.string("clip"); device = try o.string("device")
        width = try o.wholeNumber("width"); height = try o.wholeNumber("height"); repeats = try o.wholeNumber("repeats")
        budgetMs = try o.number("budgetMs"); preparationMs = try o.number("preparationMs")
        frames = []
        for (item, path) in try o.items("frames") { frames.append(try FrameTiming(item, path: path)) }
        summary = try BenchSummary(try o.required("summary"), path: o.path(of: "summary"))
    }
}

extension FrameTiming {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a frame timing")
        frame = try o.wholeNumber("frame"); time = try o.number("time")
        simulateMs = try o.number("simulateMs"); rasterMs = try o.number("rasterMs"); totalMs = try o.number("totalMs")
        encodeMs = try o.has("encodeMs") ? o.number("encodeMs") : nil
        redrawn = try o.number("redrawn")
        materialMs = try o.has("materialMs") ? o.number("materialMs") : 0
        runsMs = []
        for (item, path) in try o.items("runsMs") { runsMs.append(try item.number(at: path)) }
        runsCpuMs = []
        for (item, path) in try o.items("runsCpuMs") { runsCpuMs.append(try item.number(at: path)) }
        cpuMs = try o.number("cpuMs")
    }
}

extension BenchSummary {
    init(_ value: JSONValue, path: String) throws(JSONFieldError) {
        var o = try JSONObject(value, path: path, kind: "a summary")
        minMs = try o.number("minMs"); medianMs = try o.number("medianMs"); maxMs = try o.number("maxMs")
        p95Ms = try o.number("p95Ms"); p99Ms = try o.number("p99Ms")
        worstFrame = try o.wholeNumber("worstFrame"); worstTime = try o.number("worstTime")
        framesOverBudget = try o.wholeNumber("framesOverBudget")
        encodeMedianMs = try o.has("encodeMedianMs") ? o.number("encodeMedianMs") : nil
        redrawnMedianMs = try o.has("redrawnMedianMs") ? o.number("redrawnMedianMs") : nil
        redrawnShare = try o.has("redrawnShare") ? o.number("redrawnShare") : 0
        materialMeanMs = try o.has("materialMeanMs") ? o.number("materialMeanMs") : 0
        materialShare = try o.has("materialShare") ? o.number("materialShare") : 0
    }
}
