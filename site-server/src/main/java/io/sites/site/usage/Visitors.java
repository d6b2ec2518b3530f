package io.sites.site.usage;

import java.util.Base64;

/**
 * An estimate of distinct visitors in a day (HyperLogLog, 2^11 registers, about 2.3 % standard error) over a hash
 * of the address and user agent salted with the day's random salt: neither is stored, and once the salt is gone
 * (it lives in memory for the day) no one can tell whose hash a register came from. Registers of replicas merge by
 * taking each one's maximum, so the fleet's estimate needs no second count.
 */
public final class Visitors {
    static final int PRECISION = 11;
    static final int REGISTERS = 1 << PRECISION;

    private final byte[] registers;

    Visitors() {
        this(new byte[REGISTERS]);
    }

    private Visitors(byte[] registers) {
        this.registers = registers;
    }

    /** A racing update may lose one register's raise: an estimate, and never a lock on an event loop. */
    void add(long hash) {
        int index = (int) (hash >>> (64 - PRECISION));
        int rank = Long.numberOfLeadingZeros((hash << PRECISION) | (1L << (PRECISION - 1))) + 1;
        if (registers[index] < rank) {
            registers[index] = (byte) rank;
        }
    }

    String encoded() {
        return Base64.getEncoder().encodeToString(registers.clone());
    }

    /** The registers of several replicas' days, merged; an unreadable one is skipped. */
    public static long estimate(Iterable<String> encoded) {
        byte[] merged = new byte[REGISTERS];
        for (String each : encoded) {
            byte[] registers = Base64.getDecoder().decode(each);
            if (registers.length != REGISTERS) {
                continue;
            }
            for (int i = 0; i < REGISTERS; i++) {
                merged[i] = (byte) Math.max(merged[i], registers[i]);
            }
        }
        return new Visitors(merged).estimate();
    }

    long estimate() {
        double sum = 0;
        int zeros = 0;
        for (byte register : registers) {
            sum += Math.scalb(1.0, -register);
            if (register == 0) {
                zeros++;
            }
        }
        double alpha = 0.7213 / (1 + 1.079 / REGISTERS);
        double raw = alpha * REGISTERS * REGISTERS / sum;
        if (raw <= 2.5 * REGISTERS && zeros > 0) {
            return Math.round(REGISTERS * Math.log((double) REGISTERS / zeros)); // linear counting: small days
        }
        return Math.round(raw);
    }

    /** A 64-bit hash of the day's salt, the address's hash and the user agent's characters (no allocation). */
    static long hash(long salt, int address, String userAgent) {
        long h = mix(salt ^ (address * 0x9E3779B97F4A7C15L));
        if (userAgent != null) {
            for (int i = 0; i < userAgent.length(); i++) {
                h = (h ^ userAgent.charAt(i)) * 0x100000001B3L;
            }
        }
        return mix(h);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }
}
