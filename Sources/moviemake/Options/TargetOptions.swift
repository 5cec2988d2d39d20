import ArgumentParser

/// `--target`: a destination with fixed rules, which chooses the size, rate, codec and length.
struct TargetOptions: ParsableArguments {
    /// The destinations `--target` knows.
    enum Target: String, ExpressibleByArgument, CaseIterable {
        /// A Telegram video sticker (`TelegramSticker`).
        case telegramSticker = "telegram-sticker"
    }

    @Option(
        help: ArgumentHelp(
            "Render for a destination with fixed rules. telegram-sticker: VP9 WebM with transparency, 512 pixels on the longer side, at most 30 fps and 3 seconds, no sound, under 256 KB.",
            valueName: "telegram-sticker"))
    var target: Target?

    @Flag(help: "With --target: keep the start of a scene longer than the target allows, instead of refusing it.")
    var trim = false

    mutating func validate() throws {
        if trim, target == nil {
            throw ValidationError("--trim works with --target; add --target telegram-sticker, or leave --trim out.")
        }
    }
}
