// CPU ports of the shaders in this folder (see issue 6).
