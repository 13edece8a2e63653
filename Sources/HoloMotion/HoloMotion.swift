// Motion: springs, timing curves, scroll physics, input tracks and the simulation (see issue 5).
