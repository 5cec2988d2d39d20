import MovieKitCore
import Testing

@Suite("MovieKitError messages")
struct MovieKitErrorTests {
    static let table: [(MovieKitError, String)] = [
        (
            .frameTooLarge(width: 32768, height: 16, encoder: "libx264", limit: "at most 16384 pixels per side"),
            "A 32768x16 frame is too large for libx264 (at most 16384 pixels per side); choose a smaller width and height."
        ),
        (
            .encoderSettingsRefused(encoder: "libx264", setting: "crf", reason: "Invalid argument"),
            "The libx264 encoder refused the setting \"crf\": Invalid argument. Check the size, frame rate, CRF, preset and bit rate against what libx264 supports."
        ),
        (
            .encoderSettingsRefused(encoder: "libx264", setting: nil, reason: "Invalid argument"),
            "The libx264 encoder refused these settings: Invalid argument. Check the size, frame rate, CRF, preset and bit rate against what libx264 supports."
        ),
        (
            .unreadableInput(
                path: "/music/song.mp3",
                reason: "the data is damaged or incomplete (Invalid data found when processing input)"),
            "Could not read /music/song.mp3: the data is damaged or incomplete (Invalid data found when processing input). Check that it is a complete media file, or export it again."
        ),
        (
            .inputTooLarge(path: "/p/huge.png", width: 20000, height: 20000),
            "The picture in /p/huge.png is 20000x20000 pixels, larger than FFmpeg can decode; scale it down first."
        ),
        (
            .writeFailed(path: "/out/m.mp4", reason: "No space left on device"),
            "Writing /out/m.mp4 failed: No space left on device. The destination was left untouched; check free disk space, file-size limits and permissions for its folder."
        ),
        (
            .outOfMemory("allocating a 1920x1088 picture"),
            "The system ran out of memory while allocating a 1920x1088 picture; close other programs or render a smaller movie."
        ),
        (
            .internalFailure(
                operation: "Sending a frame to the libx264 encoder", code: -541_478_725, message: "End of file"),
            "Sending a frame to the libx264 encoder failed unexpectedly: End of file (FFmpeg error -541478725). This is a bug in MovieKit or FFmpeg; please report it with the settings you used."
        ),
        (.cancelled(path: "/out/m.mp4"), "The render of /out/m.mp4 was cancelled; no file was written.")
    ]

    @Test(arguments: table.indices)
    func eachMessageIsAFullSentenceThatSaysWhatToDo(_ index: Int) {
        let (error, expected) = Self.table[index]
        #expect(error.description == expected)
        #expect(error.localizedDescription == expected)
    }
}
