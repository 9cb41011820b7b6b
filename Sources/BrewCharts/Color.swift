/// An sRGB colour with alpha, components 0…1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red component.
    public var red: Double
    /// Green component.
    public var green: Double
    /// Blue component.
    public var blue: Double
    /// Opacity (1 is opaque).
    public var alpha: Double

    /// Creates a colour from components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: 0 is black, 1 is white.
    public static func gray(_ level: Double, alpha: Double = 1) -> Color {
        Color(red: level, green: level, blue: level, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB integer.
    public static func hex(_ value: UInt32, alpha: Double = 1) -> Color {
        Color(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
              blue: Double(value & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with a different opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Linear interpolation towards `other` (`t` = 0 gives self, 1 gives other).
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// `#RRGGBB`, with `/aa` appended (alpha in percent) when not opaque; used by the recording log.
    public var description: String {
        func byte(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        let base = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? base : base + "/\(Int((alpha * 100).rounded()))"
    }
}
