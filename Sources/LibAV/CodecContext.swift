internal import CFFmpeg

/// Owns one `AVCodecContext`, for a decoder or an encoder. The only place one is allocated and freed.
package final class CodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    /// Allocates a context for `codec`. Corresponds to `avcodec_alloc_context3`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    init(codec: UnsafePointer<AVCodec>) throws {
        guard let context = avcodec_alloc_context3(codec) else {
            throw LibAVError.outOfMemory("Allocating a \(String(cString: codec.pointee.name)) context")
        }
        pointer = context
        self.codec = codec
    }

    /// The pool of mapped pictures the decoder takes its pictures from, freed after the context.
    private var picturePool: UnsafeMutablePointer<MKPicturePool>?

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
        mk_picture_pool_free(picturePool)
    }

    /// Makes the decoder take its pictures from a pool of anonymous mappings of its own (`mk_use_picture_pool`):
    /// freeing them with the decoder returns them to the system and leaves glibc's mmap threshold where it
    /// was. Call before `open(options:refusal:operation:)`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    func usePicturePool() throws {
        guard picturePool == nil else { return }
        guard let pool = mk_use_picture_pool(pointer) else {
            throw LibAVError.outOfMemory("Allocating the picture pool of a \(codecName) decoder")
        }
        picturePool = pool
    }

    var codecName: String { String(cString: codec.pointee.name) }

    /// Opens the codec with `options`, and refuses any option it did not recognise.
    /// Corresponds to `avcodec_open2`.
    /// - Throws: `LibAVError` of kind `refusal` (or `.outOfMemory`), or `.settingsRefused` for an unknown option.
    func open(options: [CodecOption], refusal: LibAVError.Kind, operation: String) throws {
        let dictionary = try OptionDictionary(options)
        try LibAVError.check(avcodec_open2(pointer, codec, &dictionary.pointer), refusal, operation)
        try dictionary.throwIfUnused(by: "the \(codecName) codec")
    }
}
