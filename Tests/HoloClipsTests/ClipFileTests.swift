import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloClips

@Suite struct ClipFileTests {
    static let example = """
    {
      "design": "demo",
      "variant": {"accent": "gold", "cards": 3, "flowing": true},
      "device": "iphone-se",
      "fps": 30,
      "duration": 2.5,
      "environment": {"colorScheme": "dark", "lowPower": true, "dynamicTypeSize": "accessibility2"},
      "scroll": {"contentHeight": 3000, "deceleration": "fast",
                 "events": [{"type": "down", "time": 0.5, "y": 600},
                            {"type": "move", "time": 0.7, "y": 300, "curve": "easeIn"},
                            {"type": "up", "time": 0.7},
                            {"type": "scrollToTop", "time": 2}]},
      "motion": {"roll": {"wobble": {"amplitude": 0.2, "period": 2}},
                 "pitch": {"keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 0.1, "curve": "easeInOut"}]}},
      "taps": [{"time": 1.2, "target": "card-3"}]
    }
    """

    func decode(_ json: String) throws -> ClipSpec { try ClipSpec.decode(Data(json.utf8), fileName: "clip.json") }

    @Test func decodesEveryField() throws {
        let c = try decode(Self.example)
        #expect(c.design == "demo")
        #expect(c.variant == ["accent": .string("gold"), "cards": .number(3), "flowing": .bool(true)])
        #expect(c.device == .iPhoneSE && c.fps == 30 && c.duration == 2.5 && c.frameCount == 75)
        #expect(c.environment == ClipEnvironment(colorScheme: .dark, lowPower: true, dynamicTypeSize: .accessibility2))
        let scroll = try #require(c.scroll)
        #expect(scroll.configuration == ScrollConfiguration(contentHeight: 3000, viewportHeight: 667, deceleration: .fast))
        #expect(scroll.script.events.count == 4)
        #expect(scroll.script.events[1] == .fingerMove(time: 0.7, y: 300, curve: .easeIn))
        #expect(scroll.script.events[3] == .scrollTo(time: 2, offset: 0, animated: true))
        #expect(c.motion.roll == .wobble(amplitude: 0.2, period: 2, phase: 0))
        #expect(c.motion.pitch == .keyframes([MotionKeyframe(time: 0, value: 0), MotionKeyframe(time: 1, value: 0.1, curve: .easeInOut)]))
        #expect(c.taps == [Tap(time: 1.2, target: "card-3")])
        #expect(c.makeDeviceMotion().sampleRate == 30)
        #expect(c.scroll!.makeSimulation().state(at: 2.5).offset == 0)
    }

    @Test func defaults() throws {
        let c = try decode(#"{"design": "demo"}"#)
        #expect(c == ClipSpec(design: "demo"))
        #expect(c.device == .iPhone12 && c.device.size == Size(390, 844) && c.device.scale == 3 && c.fps == 60 && c.duration == 4)
        #expect(c.environment.dynamicTypeSize == .large && c.environment.colorScheme == .light && c.scroll == nil)
        // NTSC decimals are their 1001 fractions, in a number or a string.
        #expect(try decode(#"{"design": "d", "fps": 29.97}"#).rate == FrameRate(numerator: 30000, denominator: 1001))
        #expect(try decode(#"{"design": "d", "fps": "24000/1001"}"#).rate.description == "24000/1001")
        let custom = try decode(#"{"design": "d", "device": {"width": 400, "height": 900, "scale": 2}}"#)
        #expect(custom.device.size == Size(400, 900) && custom.device.scale == 2)
    }

    static let bad: [(String, String, String)] = [
        (#"{"fps": 60}"#, "design", "required"),
        (#"{"design": "d", "fps": "sixty"}"#, "fps", "such as 60, 29.97 or \"30000/1001\", got \"sixty\""),
        (#"{"design": "d", "fps": 0}"#, "fps", "1…240"),
        (#"{"design": "d", "fps": 500}"#, "fps", "1…240"),
        (#"{"design": "d", "fps": "24/0"}"#, "fps", "1…240"),
        (#"{"design": "d", "duration": -1}"#, "duration", "600"),
        (#"{"design": "d", "duration": 601}"#, "duration", "600"),
        (#"{"design": "d", "colour": "red"}"#, "colour", "unknown field"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "evnts": []}}"#, "scroll.evnts", "unknown field"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "events": [{"type": "down", "time": 0, "y": 1}, {"type": "move", "time": 1, "y": 2}, {"type": "up", "time": NaN}]}}"#,
         "scroll.events[2].time", "finite"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "events": [{"type": "down", "time": 1, "y": 1}, {"type": "move", "time": 2, "y": 2}, {"type": "up", "time": 0.5}]}}"#,
         "scroll.events[2].time", "time order"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "events": [{"type": "down", "time": 1, "y": "top"}]}}"#,
         "scroll.events[0].y", "expected a number"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "events": [{"type": "tap", "time": 1, "y": 3}]}}"#,
         "scroll.events[0].y", "unknown field"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "events": [{"type": "swipe", "time": 1}]}}"#,
         "scroll.events[0].type", "not one of"),
        (#"{"design": "d", "scroll": {"contentHeight": Infinity}}"#, "scroll.contentHeight", "finite"),
        (#"{"design": "d", "scroll": {"viewportHeight": 800}}"#, "scroll.contentHeight", "required"),
        (#"{"design": "d", "scroll": {"contentHeight": 2000, "deceleration": "slow"}}"#, "scroll.deceleration", "not one of"),
        (#"{"design": "d", "motion": {"roll": {"keyframes": [{"time": 1, "value": 0}, {"time": 0.5, "value": 1}]}}}"#,
         "motion.roll.keyframes[1].time", "time order"),
        (#"{"design": "d", "motion": {"pitch": {"keyframes": []}}}"#, "motion.pitch.keyframes", "empty"),
        (#"{"design": "d", "motion": {"pitch": {}}}"#, "motion.pitch", "empty"),
        (#"{"design": "d", "motion": {"roll": {"wobble": {"amplitude": 0.1, "period": 0}}}}"#, "motion.roll.wobble.period", "greater than 0"),
        (#"{"design": "d", "motion": {"roll": {"keyframes": [{"time": 0, "value": 0, "curve": "springy"}]}}}"#,
         "motion.roll.keyframes[0].curve", "not one of"),
        (#"{"design": "d", "device": "pixel-9"}"#, "device", "unknown device"),
        (#"{"design": "d", "device": {"width": 390, "height": 844, "scale": 5}}"#, "device.scale", "1.0…4.0"),
        (#"{"design": "d", "device": {"width": 0, "height": 844, "scale": 3}}"#, "device.width", "greater than 0"),
        (#"{"design": "d", "device": {"width": 20000, "height": 844, "scale": 3}}"#, "device.width", "10000"),
        (#"{"design": "d", "environment": {"colorScheme": "sepia"}}"#, "environment.colorScheme", "not one of"),
        (#"{"design": "d", "environment": {"reduceMotion": "yes"}}"#, "environment.reduceMotion", "expected true or false, got \"yes\""),
        (#"{"design": "d", "taps": [{"time": 2, "target": "a"}, {"time": 1, "target": "b"}]}"#, "taps[1].time", "time order"),
        (#"{"design": "d", "taps": [{"time": 2}]}"#, "taps[0].target", "required"),
        (#"{"design": "d", "variant": {"n": [1]}}"#, "variant.n", "string, number or boolean"),
        (#"{"design": "d", "#, "(top level)", "not valid JSON: line 1, column 17: unexpected end of input; expected a key"),
        // A syntax error names the path the parser was in, and its line and column.
        ("{\"design\": \"d\",\n \"scroll\": {\"contentHeight\": 10,\n  \"events\": [{\"type\": \"down\" \"time\": 1}]}}",
         "scroll.events[0]", "not valid JSON: line 3, column 30: unexpected '\"'; expected ',' or '}' after the value of \"type\""),
        (#"{"design": "d", "design": "e"}"#, "(top level)", "the key \"design\" is given twice"),
        (#"{"design": "d", "fps": 240.5}"#, "fps", "rate in 1…240 such as 60, 29.97 or \"30000/1001\", got 240.5"),
        (#"[1, 2]"#, "(top level)", "must be an object"),
    ]

    @Test(arguments: bad)
    func errorsNameFileFieldAndReason(json: String, path: String, reason: String) {
        do {
            _ = try decode(json)
            Issue.record("decoded without error: \(json)")
        } catch let e as ClipFileError {
            #expect(e.fileName == "clip.json")
            #expect(e.path == path, "\(e)")
            #expect(e.reason.contains(reason), "\(e)")
            #expect(e.description.hasPrefix("clip.json: \(path): "))
        } catch {
            Issue.record("not a ClipFileError: \(error)")
        }
    }

    /// The README's promise: JSON5 (comments, trailing commas, unquoted keys, single quotes,
    /// hexadecimal, a leading '+' or '.') reads as the strict JSON it stands for.
    @Test func json5ReadsAsItsStrictForm() throws {
        let five = """
        // a clip
        {design: 'demo', /* inline */ fps: 0x1E, duration: +.5,
         scroll: {contentHeight: 3000., events: [{type: "down", time: 0, y: 600,},],},
        }
        """
        let strict = #"{"design": "demo", "fps": 30, "duration": 0.5, "scroll": {"contentHeight": 3000, "events": [{"type": "down", "time": 0, "y": 600}]}}"#
        #expect(try decode(five) == decode(strict))
        #expect(try decode(five).fps == 30 && decode(five).duration == 0.5)
    }
}
