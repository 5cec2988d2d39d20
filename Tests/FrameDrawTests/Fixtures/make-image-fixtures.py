# Generates the committed image fixtures in this folder. Run once by hand with Pillow installed
# (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow && /tmp/venv/bin/python make-image-fixtures.py);
# the tests never run it. Stored pictures are 16x16 quadrants: red, green / blue, yellow.
import os
os.chdir(os.path.dirname(os.path.abspath(__file__)))
import struct, zlib
from PIL import Image

R, G, B, Y = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)

def quad(mode="RGB", size=16, colors=(R, G, B, Y)):
    im = Image.new("RGB", (size, size))
    h = size // 2
    for y in range(size):
        for x in range(size):
            im.putpixel((x, y), colors[(y >= h) * 2 + (x >= h)])
    return im.convert(mode) if mode != "RGB" else im

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def write_png(name, width, height, bit_depth, color_type, rows, extra=b""):
    raw = b"".join(b"\x00" + row for row in rows)
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0))
    data += extra + png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b"")
    open(name, "wb").write(data)

# 16-bit RGBA PNG: quadrants; bottom-right is half-transparent yellow. Values chosen so the
# low byte matters: 0x8000 etc.
def px16(c, a):
    return struct.pack(">HHHH", c[0] * 257, c[1] * 257, c[2] * 257, a)
rows = []
for y in range(16):
    row = b""
    for x in range(16):
        q = (y >= 8) * 2 + (x >= 8)
        row += px16((R, G, B, Y)[q], 0x8000 if q == 3 else 0xFFFF)
    rows.append(row)
write_png("rgba16.png", 16, 16, 16, 6, rows)

# 16-bit RGB PNG (rgb48).
rows = [b"".join(struct.pack(">HHH", *(v * 257 for v in (R, G, B, Y)[(y >= 8) * 2 + (x >= 8)])) for x in range(16)) for y in range(16)]
write_png("rgb16.png", 16, 16, 16, 2, rows)

# Palette PNG with tRNS: index 3 (bottom-right) fully transparent.
palette = b"".join(bytes(c) for c in (R, G, B, Y))
rows = [bytes((y >= 8) * 2 + (x >= 8) for x in range(16)) for y in range(16)]
write_png("palette.png", 16, 16, 8, 3, rows, png_chunk(b"PLTE", palette) + png_chunk(b"tRNS", b"\xff\xff\xff\x00"))

# 8-bit grey + alpha PNG (ya8): left half grey 64 opaque, right half grey 200 at alpha 128.
rows = [b"".join(bytes((64, 255)) if x < 8 else bytes((200, 128)) for x in range(16)) for y in range(16)]
write_png("gray-alpha.png", 16, 16, 8, 4, rows)

# Greyscale JPEG: left half 50, right half 200.
g = Image.new("L", (16, 16))
for y in range(16):
    for x in range(16):
        g.putpixel((x, y), 50 if x < 8 else 200)
g.save("gray.jpg", quality=95)

quad().save("progressive.jpg", quality=95, progressive=True, subsampling=0)
quad("CMYK").save("cmyk.jpg", quality=95)
quad().save("lossy.webp", quality=90)
qa = quad("RGBA")
for y in range(8, 16):
    for x in range(8, 16):
        qa.putpixel((x, y), (255, 255, 0, 0))
qa.save("lossless-alpha.webp", lossless=True)
qa.save("lossy-alpha.webp", quality=90)
quad().save("image.bmp")
quad().save("image.tiff")

# GIF: first frame quadrants, second frame all white.
frame2 = Image.new("RGB", (16, 16), (255, 255, 255))
quad().save("animated.gif", save_all=True, append_images=[frame2], duration=100, loop=0)

# WebP with EXIF orientation 6 (stored quadrants R G / B Y).
exif = Image.Exif()
exif[0x0112] = 6
quad(size=16).resize((32, 16)).save("orientation6.webp", lossless=True, exif=exif.tobytes())
# PNG with an eXIf chunk, orientation 8.
quad().resize((32, 16)).save("orientation8.png", exif=(lambda e: (e.__setitem__(0x0112, 8), e)[1])(Image.Exif()).tobytes())

# Animated WebP (two 8x8 frames): libavcodec 5.1 cannot decode it, so loading must name it as unsupported.
Image.new("RGB", (8, 8), (255, 0, 0)).save(
    "animated.webp", save_all=True, append_images=[Image.new("RGB", (8, 8), (0, 0, 255))], duration=100, lossless=True)
