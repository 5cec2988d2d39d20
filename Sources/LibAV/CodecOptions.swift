internal import CFFmpeg

/// One named option for an encoder or a muxer, such as `preset=medium` or `movflags=+faststart`.
package struct CodecOption: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Owns an `AVDictionary` of options passed to `avcodec_open2` or `avformat_write_header`, and
/// reports any option the component did not consume, instead of ignoring it.
final class OptionDictionary {
    var pointer: OpaquePointer?

    /// Corresponds to `av_dict_set` for each option.
    init(_ options: [CodecOption]) throws {
        for option in options {
            try LibAVError.check(
                av_dict_set(&pointer, option.name, option.value, 0), .internalFailure,
                "Setting the option \(option.name)")
        }
    }

    deinit {
        av_dict_free(&pointer)
    }

    /// The options left over after a component took the ones it knows.
    var leftoverNames: [String] {
        var names: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            names.append(String(cString: next.pointee.key))
            entry = next
        }
        return names
    }

    /// Throws `.settingsRefused` naming the first option `component` did not recognise.
    func throwIfUnused(by component: String) throws {
        guard let name = leftoverNames.first else { return }
        throw LibAVError(
            .settingsRefused(setting: name), operation: "Configuring \(component)",
            message: "\(component) does not recognise the option \"\(name)\"")
    }
}
