#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's functions the generator uses (SynthRandom's normal variates, the shot curves), under names of their
// own, so that its files call them without importing the C library each; one place for the platform's import.

@inline(__always) func _log(_ x: Double) -> Double { log(x) }
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
