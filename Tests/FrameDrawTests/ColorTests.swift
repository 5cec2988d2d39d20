import FrameDraw
import Testing

@Suite("Color")
struct ColorTests {
    @Test(arguments: [
        ("#FF8800", Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)),
        ("ff8800", Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)),
        ("#10204080", Color(red: 16.0 / 255, green: 32.0 / 255, blue: 64.0 / 255, alpha: 128.0 / 255))
    ])
    func hexStringsParse(text: String, expected: Color) throws {
        #expect(try Color(hex: text) == expected)
    }

    @Test(arguments: ["", "#FFF", "#GG0000", "#FF00001", "red", "#FF0000FF00"])
    func malformedHexThrowsANamedError(text: String) {
        #expect {
            _ = try Color(hex: text)
        } throws: { error in
            (error as? FrameDrawError) == .invalidColor(text)
                && "\(error)"
                    == "Colour \"\(text)\" is not a hex colour; use #RRGGBB or #RRGGBBAA, for example #FF8800."
        }
    }

    @Test(arguments: [
        (UInt32(0xFF8800), "#FF8800"), (0x1D3557, "#1D3557"), (0x000000, "#000000"), (0xFFFFFF, "#FFFFFF"),
        (0x0000FF, "#0000FF")
    ])
    func integerRGBIsTheSameColourAsItsHexString(rgb: UInt32, hex: String) throws {
        let color = Color(rgb: rgb)
        #expect(color == (try Color(hex: hex)))
        #expect(color.alpha == 1)
    }

    @Test(arguments: [
        (UInt32(0x1020_4080), "#10204080"), (0x0000_0080, "#00000080"), (0xFFFF_FF00, "#FFFFFF00"),
        (0xC855_3DFF, "#C8553DFF")
    ])
    func integerRGBAIsTheSameColourAsItsHexString(rgba: UInt32, hex: String) throws {
        #expect(Color(rgba: rgba) == (try Color(hex: hex)))
        #expect(Color(rgba: rgba).description == hex)
    }

    @Test func integerColoursNeedNoTry() {
        // Built where no error can be thrown: a non-throwing closure.
        let make: () -> [Color] = { [Color(rgb: 0x1D3557), Color(rgba: 0x0000_0080)] }
        #expect(make().map(\.description) == ["#1D3557FF", "#00000080"])
        #expect(Color(rgba: 0x0000_0080).alpha == 128.0 / 255)
    }

    @Test func anRGBValueWithMoreThanSixHexDigitsStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = Color(rgb: 0x1D35_5780)
        }
    }

    @Test func hueSaturationBrightness() {
        let red = Color(hue: 0, saturation: 1, brightness: 1)
        #expect(red == Color(red: 1, green: 0, blue: 0))
        let green = Color(hue: 1.0 / 3, saturation: 1, brightness: 1)
        #expect(abs(green.green - 1) < 1e-9 && green.red < 1e-9 && green.blue < 1e-9)
        let wrapped = Color(hue: 1.5, saturation: 1, brightness: 1)  // hue wraps: 1.5 == 0.5 (cyan)
        #expect(abs(wrapped.blue - 1) < 1e-9 && abs(wrapped.green - 1) < 1e-9 && wrapped.red < 1e-9)
        let grey = Color(hue: 0.7, saturation: 0, brightness: 0.4, alpha: 0.5)
        #expect(grey == Color(white: 0.4, alpha: 0.5))
    }

    @Test func alphaAndDescription() {
        #expect(Color.red.withAlphaComponent(0.5).alpha == 0.5)
        #expect(Color.orange.description == "#FF8000FF")
        #expect(Color.clear.alpha == 0)
    }
}

@Suite("Colour text")
struct ColorParsingTests {
    @Test func hexAndNamesAreRead() throws {
        #expect(try Color(parsing: "#FF8800") == Color(rgb: 0xFF8800))
        #expect(try Color(parsing: " #ff880080 ") == Color(rgba: 0xFF88_0080))
        #expect(try Color(parsing: "darkGray") == .darkGray)
        #expect(try Color(parsing: "transparent") == .clear)
        for (name, color) in Color.names { #expect(try Color(parsing: name) == color) }
    }

    @Test(arguments: ["", "#FF88", "mauve", "DarkGray", "rgb(1,2,3)"])
    func otherTextIsRefused(_ text: String) {
        #expect(throws: FrameDrawError.invalidColor(text)) { try Color(parsing: text) }
    }
}
