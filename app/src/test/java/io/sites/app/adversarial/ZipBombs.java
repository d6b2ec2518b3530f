package io.sites.app.adversarial;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** The zip archives of {@link ZipBombTest}, written to files: each small on the wire, each enormous unpacked. */
final class ZipBombs {
    static final long MB = 1024 * 1024;
    /** The per-file limit of the interface specification, 50 MB: the largest entry a bundle may hold. */
    static final long FILE_LIMIT = 50 * MB;
    static final String INDEX = "<!doctype html><title>Bomb</title><p>Hello</p>";

    private ZipBombs() {
    }

    /** 20 entries of 50 MB of zeros (1,000 MB, within the bundle limit) beside an index page: about 1 MB. */
    static Path twentyFiftyMegabyteZeros(Path dir) throws IOException {
        Path zip = dir.resolve("twenty-zeros.zip");
        try (ZipOutputStream out = deflating(zip)) {
            text(out, "index.html", INDEX);
            for (int i = 0; i < 20; i++) {
                zeros(out, "zeros-" + i + ".bin", FILE_LIMIT);
            }
        }
        return zip;
    }

    /** One entry of 1.1 GB of zeros, past the file and the bundle limit alike. */
    static Path oneHugeEntry(Path dir) throws IOException {
        Path zip = dir.resolve("one-huge.zip");
        try (ZipOutputStream out = deflating(zip)) {
            text(out, "index.html", INDEX);
            zeros(out, "huge.bin", 1100 * MB);
        }
        return zip;
    }

    /** 19,000 scripts of 50 KB of spaces (928 MB, each one small enough to be held): about 3 MB. */
    static Path manyEntries(Path dir) throws IOException {
        Path zip = dir.resolve("many.zip");
        byte[] spaces = " ".repeat(50 * 1024).getBytes(StandardCharsets.US_ASCII);
        try (ZipOutputStream out = deflating(zip)) {
            text(out, "index.html", INDEX);
            for (int i = 0; i < 19_000; i++) {
                out.putNextEntry(new ZipEntry("js/s" + i + ".js"));
                out.write(spaces);
                out.closeEntry();
            }
        }
        return zip;
    }

    /**
     * Three scripts of 15 MB of random letters (about 35 MB zipped, as dense as text gets): within every size limit
     * and the ratio, but the authoring rules read scripts whole, and three times 45 MB is more heap than a 256 MB
     * service gives one request.
     */
    static Path scriptsPastTheBudget(Path dir) throws IOException {
        Path zip = dir.resolve("scripts.zip");
        java.util.SplittableRandom random = new java.util.SplittableRandom(32);
        byte[] letters = new byte[(int) MB];
        try (ZipOutputStream out = deflating(zip)) {
            text(out, "index.html", INDEX);
            for (int i = 0; i < 3; i++) {
                out.putNextEntry(new ZipEntry("js/app-" + i + ".js"));
                for (int m = 0; m < 15; m++) {
                    for (int b = 0; b < letters.length; b++) {
                        letters[b] = (byte) ('a' + random.nextInt(26));
                    }
                    out.write(letters);
                }
                out.closeEntry();
            }
        }
        return zip;
    }

    /**
     * An archive of archives: 20 copies of {@code inner} (itself a bomb), which deflate once more to almost nothing.
     * Nothing unpacks a zip inside the bundle, so each copy is only a file of its own size.
     */
    static Path nested(Path dir, Path inner) throws IOException {
        Path zip = dir.resolve("nested.zip");
        byte[] bytes = Files.readAllBytes(inner);
        try (ZipOutputStream out = deflating(zip)) {
            text(out, "index.html", INDEX);
            for (int i = 0; i < 20; i++) {
                out.putNextEntry(new ZipEntry("inner-" + i + ".zip"));
                out.write(bytes);
                out.closeEntry();
            }
        }
        return zip;
    }

    /**
     * An entry whose headers declare 1,000 bytes (local header and central directory alike, no data descriptor)
     * and whose data inflates to 200 MB of zeros: a reader that sizes anything by the declared size is fooled.
     */
    static Path lyingSize(Path dir) throws IOException {
        Path zip = dir.resolve("lying.zip");
        Raw raw = new Raw(zip);
        raw.entry("index.html", INDEX.getBytes(StandardCharsets.UTF_8).length, 0, INDEX);
        raw.entry("liar.bin", 1_000, 200 * MB, null);
        raw.finish();
        return zip;
    }

    private static ZipOutputStream deflating(Path zip) throws IOException {
        ZipOutputStream out = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(zip), 1 << 16));
        out.setLevel(Deflater.BEST_COMPRESSION);
        return out;
    }

    private static void text(ZipOutputStream out, String name, String text) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
    }

    private static void zeros(ZipOutputStream out, String name, long bytes) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        byte[] buffer = new byte[(int) MB];
        for (long written = 0; written < bytes; written += buffer.length) {
            out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
        }
        out.closeEntry();
    }

    /** A zip written field by field, so that its headers can say what the data is not. */
    private static final class Raw {
        private final OutputStream out;
        private final ByteBuffer central = ByteBuffer.allocate(64 * 1024).order(ByteOrder.LITTLE_ENDIAN);
        private long offset;
        private int entries;

        Raw(Path zip) throws IOException {
            out = new BufferedOutputStream(Files.newOutputStream(zip), 1 << 16);
        }

        /** A deflated entry of {@code text}, or of {@code zeros} zero bytes, declaring {@code declared} bytes. */
        void entry(String name, long declared, long zeros, String text) throws IOException {
            byte[] plain = text == null ? new byte[(int) MB] : text.getBytes(StandardCharsets.UTF_8);
            long length = text == null ? zeros : plain.length;
            CRC32 crc = new CRC32();
            Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
            java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
            byte[] chunk = new byte[1 << 16];
            for (long fed = 0; fed < length; fed += plain.length) {
                int n = (int) Math.min(plain.length, length - fed);
                crc.update(plain, 0, n);
                deflater.setInput(plain, 0, n);
                while (!deflater.needsInput()) {
                    data.write(chunk, 0, deflater.deflate(chunk));
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                data.write(chunk, 0, deflater.deflate(chunk));
            }
            deflater.end();
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            ByteBuffer local = ByteBuffer.allocate(30 + nameBytes.length).order(ByteOrder.LITTLE_ENDIAN);
            local.putInt(0x04034b50).putShort((short) 20).putShort((short) 0).putShort((short) 8)
                    .putShort((short) 0).putShort((short) 0x21).putInt((int) crc.getValue()).putInt(data.size())
                    .putInt((int) declared).putShort((short) nameBytes.length).putShort((short) 0).put(nameBytes);
            central.putInt(0x02014b50).putShort((short) 20).putShort((short) 20).putShort((short) 0)
                    .putShort((short) 8).putShort((short) 0).putShort((short) 0x21).putInt((int) crc.getValue())
                    .putInt(data.size()).putInt((int) declared).putShort((short) nameBytes.length)
                    .putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0).putInt(0)
                    .putInt((int) offset).put(nameBytes);
            out.write(local.array());
            data.writeTo(out);
            offset += local.capacity() + data.size();
            entries++;
        }

        void finish() throws IOException {
            ByteBuffer end = ByteBuffer.allocate(22).order(ByteOrder.LITTLE_ENDIAN);
            end.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries)
                    .putShort((short) entries).putInt(central.position()).putInt((int) offset).putShort((short) 0);
            out.write(central.array(), 0, central.position());
            out.write(end.array());
            out.close();
        }
    }
}
