// The studio page: one HTML file with its style and script inline (Resources/studio.html), built into
// the binary (SwiftPM's `.embedInCode`, so installing the CLI copies only the binary) and served at
// GET /. No build step and nothing fetched from elsewhere, so it works offline and on a machine with
// no npm.
//
// What it does, in the order a person meets it:
//  - the frame (GET /frame?n=K), scaled by the browser to fit the window; one request at a time,
//    always for the newest frame wanted, so a slow render drops frames instead of queueing them;
//  - the timeline: a range input (drag, click, arrow keys frame by frame, Shift+arrow by 10),
//    play/pause at the clip's rate (the frame shown is the one due now: late frames are skipped),
//    loop, the frame number and time; under it the clip's inputs (scroll gestures, taps, device
//    motion) at their times;
//  - the frame-time strip: one bar per frame drawn, its raster time against the 16.67 ms and
//    8.33 ms lines, coloured and labelled by the scale it was measured at; a click on a bar shows
//    that frame; "Measure" times the strip's range at the device's scale as `bench` does. The
//    load's own cost (clip, simulation start, fonts) is shown apart as "preparation", as `bench`
//    reports it, not as frame 0's bar. The scale tops out at the slowest bar but never above
//    `stripCapMs` (2.4 × 16.67 ms), so the two budget lines always stand 28 and 14 px or more
//    above the base; a slower bar is drawn to the top, marked clipped, with its time in its label.
//    Every reload (an edit, an environment switch) clears the bars and the last measurement's line;
//  - beside the frame: its simulated state (GET /state?n=K) and the environment switches, which
//    POST /environment and so reload the clip;
//  - an event stream (GET /events): on a new version the page reloads the clip and redraws the
//    frame shown; a broken edit's error appears above the frame until the next good edit.
// The browser check (Tests/Browser/check_studio.py) reads the ids and data- attributes used here.

enum StudioPage {
    static let html = String(decoding: PackageResources.studio_html, as: UTF8.self)
}
