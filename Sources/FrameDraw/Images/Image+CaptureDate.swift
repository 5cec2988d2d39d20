import Foundation

extension Image {
    /// When a photo was taken, from its EXIF `DateTimeOriginal` (JPEG and TIFF files), without
    /// decoding it; `nil` when the file has no such date. The date has no time zone in EXIF, so it
    /// is read as UTC: good for ordering photos from one camera.
    public static func captureDate(ofFileAt url: URL) -> Date? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        let text: String? = data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            if reader.matches([0xFF, 0xD8], at: 0) {
                for segment in JPEGSegments(bytes)
                where segment.marker == 0xE1 && reader.matches(Array("Exif\0\0".utf8), at: segment.payload.lowerBound) {
                    let tiff = reader.slice(segment.payload.lowerBound + 6, segment.payload.upperBound)
                    if let date = TIFFDirectory(tiff)?.exifDirectory?.ascii(tag: 0x9003) { return date }
                }
                return nil
            }
            return TIFFDirectory(reader)?.exifDirectory?.ascii(tag: 0x9003)
        }
        guard let text else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
        return formatter.date(from: text)
    }
}
