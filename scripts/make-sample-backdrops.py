#!/usr/bin/env python3
"""Draws the mock app screenshots of Samples/app-backdrop/backdrop/ (a travel app's home screen).

They stand in for the screenshots a team takes of its own app; the renderer only reads the PNGs,
so this script is not part of the build or CI. It needs Pillow (pip install pillow) and the Noto
CJK fonts scripts/setup installs. Run it from the repository root to redraw them.

The top 54 pt are left plain: the renderer draws iOS's status bar there, as iOS draws it over an app.
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
BOLD = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
OUT = Path("Samples/app-backdrop/backdrop")

TEXTS = {
    "zh-Hans": dict(title="云帆出行", search="搜索目的地、酒店、机票", sections=["机票", "酒店", "火车票", "用车"],
                    heading="热门目的地", cards=[("杭州", "西湖 · 2 天 1 晚"), ("成都", "美食之旅 · 3 天"), ("厦门", "鼓浪屿 · 周末")],
                    tabs=["首页", "行程", "消息", "我的"]),
    "en": dict(title="Yunfan Go", search="Search places, hotels, flights", sections=["Flights", "Hotels", "Trains", "Rides"],
               heading="Popular destinations", cards=[("Hangzhou", "West Lake · 2 days"), ("Chengdu", "Food tour · 3 days"),
                                                      ("Xiamen", "Gulangyu · weekend")],
               tabs=["Home", "Trips", "Inbox", "Me"]),
}
ACCENT = (14, 107, 168)
CARD_COLOURS = [(242, 153, 74), (39, 174, 96), (155, 81, 224)]


LIGHT = dict(page=(242, 242, 247), card=(255, 255, 255), text=(28, 28, 30), secondary=(99, 99, 102),
             placeholder=(142, 142, 147), bar=(249, 249, 249), hairline=(209, 209, 214), header=ACCENT)
DARK = dict(page=(0, 0, 0), card=(28, 28, 30), text=(255, 255, 255), secondary=(174, 174, 178),
            placeholder=(142, 142, 147), bar=(22, 22, 24), hairline=(56, 56, 58), header=(8, 62, 98))


def draw(width_pt, height_pt, scale, texts, landscape=False, colours=LIGHT):
    s = scale
    c = colours
    image = Image.new("RGB", (int(width_pt * s), int(height_pt * s)), c["page"])
    d = ImageDraw.Draw(image)
    font = lambda size, bold=False: ImageFont.truetype(BOLD if bold else FONT, int(size * s))
    left = (59 if landscape else 16) * s
    right = image.width - (59 if landscape else 16) * s
    top = (24 if landscape else 54) * s
    # Header band in the brand colour, under the status bar.
    d.rectangle([0, 0, image.width, top + 112 * s], fill=c["header"])
    d.text((left, top + 8 * s), texts["title"], font=font(30, True), fill="white")
    d.rounded_rectangle([left, top + 58 * s, right, top + 98 * s], radius=12 * s, fill=c["card"])
    # A magnifier, then the placeholder.
    d.ellipse([left + 14 * s, top + 69 * s, left + 28 * s, top + 83 * s], outline=c["placeholder"], width=int(2 * s))
    d.line([left + 26 * s, top + 81 * s, left + 32 * s, top + 87 * s], fill=c["placeholder"], width=int(2 * s))
    d.text((left + 40 * s, top + 66 * s), texts["search"], font=font(16), fill=c["placeholder"])
    y = top + 128 * s
    # Four shortcut tiles.
    tile = (right - left - 3 * 12 * s) / 4
    for index, name in enumerate(texts["sections"]):
        x = left + index * (tile + 12 * s)
        d.rounded_rectangle([x, y, x + tile, y + 76 * s], radius=14 * s, fill=c["card"])
        d.ellipse([x + tile / 2 - 16 * s, y + 10 * s, x + tile / 2 + 16 * s, y + 42 * s], fill=CARD_COLOURS[index % 3])
        w = d.textlength(name, font=font(13))
        d.text((x + (tile - w) / 2, y + 50 * s), name, font=font(13), fill=c["text"])
    y += (88 if landscape else 96) * s
    d.text((left, y), texts["heading"], font=font(20, True), fill=c["text"])
    y += (32 if landscape else 36) * s
    columns = 3 if landscape else 1
    photo = 40 if landscape else 84
    card_width = (right - left - (columns - 1) * 12 * s) / columns
    for index, (city, note) in enumerate(texts["cards"]):
        x = left + (index % columns) * (card_width + 12 * s)
        height = photo + 54
        cy = y + (index // columns) * (height + 12) * s
        if cy + height * s > image.height - 70 * s:
            break
        d.rounded_rectangle([x, cy, x + card_width, cy + height * s], radius=16 * s, fill=c["card"])
        d.rounded_rectangle([x, cy, x + card_width, cy + photo * s], radius=16 * s, fill=CARD_COLOURS[index])
        d.rectangle([x, cy + (photo - 20) * s, x + card_width, cy + photo * s], fill=CARD_COLOURS[index])
        d.text((x + 14 * s, cy + (photo + 8) * s), city, font=font(17, True), fill=c["text"])
        d.text((x + 14 * s, cy + (photo + 30) * s), note, font=font(13), fill=c["secondary"])
    # Tab bar.
    bar = image.height - (70 if landscape else 83) * s
    d.rectangle([0, bar, image.width, image.height], fill=c["bar"])
    d.line([0, bar, image.width, bar], fill=c["hairline"], width=max(1, int(s / 2)))
    slot = image.width / 4
    for index, name in enumerate(texts["tabs"]):
        colour = ACCENT if index == 0 else c["placeholder"]
        cx = slot * index + slot / 2
        d.rounded_rectangle([cx - 12 * s, bar + 8 * s, cx + 12 * s, bar + 30 * s], radius=6 * s, fill=colour)
        w = d.textlength(name, font=font(10))
        d.text((cx - w / 2, bar + 33 * s), name, font=font(10), fill=colour)
    return image


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "en").mkdir(exist_ok=True)
    # iPhone 15 Pro: 393 × 852 pt at @3x; the generic image is the Chinese one.
    draw(393, 852, 3, TEXTS["zh-Hans"]).save(OUT / "iphone-15-pro.png", optimize=True)
    draw(852, 393, 3, TEXTS["zh-Hans"], landscape=True).save(OUT / "iphone-15-pro-landscape.png", optimize=True)
    draw(393, 852, 3, TEXTS["zh-Hans"], colours=DARK).save(OUT / "iphone-15-pro-dark.png", optimize=True)
    draw(393, 852, 3, TEXTS["en"]).save(OUT / "en" / "iphone-15-pro.png", optimize=True)
    draw(393, 852, 3, TEXTS["en"], colours=DARK).save(OUT / "en" / "iphone-15-pro-dark.png", optimize=True)
    draw(852, 393, 3, TEXTS["en"], landscape=True).save(OUT / "en" / "iphone-15-pro-landscape.png", optimize=True)
    # One image for every other device: aspect-fill scales and crops it to each screen.
    draw(402, 874, 2, TEXTS["zh-Hans"]).save(OUT / "default.png", optimize=True)
    draw(402, 874, 2, TEXTS["zh-Hans"], colours=DARK).save(OUT / "default-dark.png", optimize=True)
    draw(402, 874, 2, TEXTS["en"]).save(OUT / "en" / "default.png", optimize=True)


if __name__ == "__main__":
    main()
