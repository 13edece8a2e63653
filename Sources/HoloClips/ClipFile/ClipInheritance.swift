// A clip file that names a built-in design inherits that clip's default inputs for every field it
// leaves out: `{"design": "celebration"}` is the built-in `celebration`, script, taps, duration
// and all; `{"design": "hero", "duration": 5}` is the built-in hero, five seconds long.
//
// Field by field: fps, duration, device, taps replace the built-in's when given; `variant` keys
// replace the built-in's keys one by one; `environment` fields one by one; `motion` per axis;
// `scroll` per field (contentHeight, viewportHeight, deceleration, pageHeight, events), so a file
// may keep the built-in's content and give only its own events. An inherited scroll view keeps
// filling the screen on the file's device. Designs that are not built-in (`custom`) inherit
// nothing and need their own `scroll.contentHeight`.
//
// The format does not know the catalog (Catalog.swift does): the caller passes the lookup to
// `ClipSpec.decode`.
