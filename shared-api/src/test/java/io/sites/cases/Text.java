package io.sites.cases;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Draws strings: each character from one of the listed sets, each set as likely (so a set of two characters listed
 * beside a range of ninety is drawn from half the time), the length as {@link Gen#size} leans.
 */
public final class Text implements Gen<String> {
    /** Any UTF-16 unit but a surrogate, a noncharacter or one for private use: valid Unicode, mostly CJK. */
    private static final char[] ANY = valid();

    private final List<char[]> sets;
    private final int minLength;
    private final int maxLength;

    private Text(List<char[]> sets, int minLength, int maxLength) {
        this.sets = sets;
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** Any valid Unicode text of up to 255 characters. */
    public static Text any() {
        return new Text(List.of(ANY), 0, 255);
    }

    /** Text of these characters (lone surrogates too, if listed). */
    public static Text of(String chars) {
        return new Text(List.of(chars.toCharArray()), 0, 255);
    }

    public static Text range(char from, char to) {
        return new Text(List.of(span(from, to)), 0, 255);
    }

    /** Letters of either case, one case as likely as the other. */
    public static Text alpha() {
        return range('A', 'Z').orRange('a', 'z');
    }

    /** Also characters of this set. */
    public Text or(String chars) {
        return with(chars.toCharArray());
    }

    public Text orRange(char from, char to) {
        return with(span(from, to));
    }

    public Text maxLength(int max) {
        return new Text(sets, minLength, max);
    }

    public Text length(int min, int max) {
        return new Text(sets, min, max);
    }

    @Override
    public String draw(RandomGenerator random) {
        char[] text = new char[Gen.size(random, minLength, maxLength)];
        for (int i = 0; i < text.length; i++) {
            char[] set = sets.get(random.nextInt(sets.size()));
            text[i] = set[random.nextInt(set.length)];
        }
        return new String(text);
    }

    private Text with(char[] set) {
        List<char[]> more = new ArrayList<>(sets);
        more.add(set);
        return new Text(List.copyOf(more), minLength, maxLength);
    }

    private static char[] span(char from, char to) {
        char[] chars = new char[to - from + 1];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (from + i);
        }
        return chars;
    }

    private static char[] valid() {
        StringBuilder chars = new StringBuilder();
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            boolean surrogate = c >= 0xd800 && c <= 0xdfff;
            boolean privateUse = c >= 0xe000 && c <= 0xf8ff;
            boolean noncharacter = c >= 0xfdd0 && c <= 0xfdef || c >= 0xfffe;
            if (!surrogate && !privateUse && !noncharacter) {
                chars.append((char) c);
            }
        }
        return chars.toString().toCharArray();
    }
}
