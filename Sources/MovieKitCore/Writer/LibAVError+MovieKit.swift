internal import LibAV

extension MovieKitError {
    /// Maps a failure of the LibAV layer while writing `destination` with `encoder` to the error
    /// the caller can act on.
    init(writing destination: String, encoder: String, _ error: LibAVError) {
        switch error.kind {
        case .outOfMemory:
            self = .outOfMemory(error.operation.prefix(1).lowercased() + error.operation.dropFirst())
        case .settingsRefused(let setting):
            self = .encoderSettingsRefused(encoder: encoder, setting: setting, reason: error.message)
        case .writeFailed:
            self = .writeFailed(path: destination, reason: error.message)
        case .unreadableInput:
            self = .unreadableInput(path: destination, reason: error.message)
        case .inputTooLarge(let width, let height):
            self = .inputTooLarge(path: destination, width: width, height: height)
        case .unavailable(let component):
            self = .encoderUnavailable(component)
        case .internalFailure:
            self = .internalFailure(operation: error.operation, code: error.code, message: error.message)
        }
    }
}
