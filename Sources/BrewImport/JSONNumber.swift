import Foundation

/// The `Double` of a number `JSONSerialization` parsed.
///
/// `JSONSerialization` hands a number with a long mantissa (17 significant digits, as every program that writes
/// the shortest round-trip form of a `Double` writes some values: `34.828999999997905`) over as an
/// `NSDecimalNumber`, whose `doubleValue` is not correctly rounded (`34.82899999999792`, two units in the last
/// place off). Such a number is converted from its exact decimal text instead, which the standard library rounds
/// correctly; any other `NSNumber` holds the parsed `Double` itself. Found by the export round trips
/// (`BrewExportTests`): a journal written and read again must give the same values, bit for bit.
public enum JSONNumber {
    @inline(__always)
    public static func double(_ n: NSNumber) -> Double {
        if let decimal = n as? NSDecimalNumber, let exact = Double(decimal.description) { return exact }
        return n.doubleValue
    }
}
