// `Log`, MovieKit's diagnostics, lives in its own small module so that the LibAV layer below
// FrameDraw can use it too; importing FrameDraw makes it available as before.
@_exported import FrameValues
@_exported import MovieKitLog
