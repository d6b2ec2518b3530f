// Load client for bench/reads. JDK only; run with the single-file source launcher:
//
//   java bench/ReadBench.java --url http://127.0.0.1:PORT --token TOKEN [--requests N] [--warmup W] [--clients C]
//
// Measures listWebsites and getWebsite (ids taken from the caller's own list) one request at a time per client and
// prints one TSV line per operation: operation, clients, requests, p50, p99, max, mean (ms), requests/s.

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ReadBench {
    static final HttpClient CLIENT = HttpClient.newHttpClient();

    public static void main(String[] args) throws Exception {
        String url = arg(args, "--url", null);
        String token = arg(args, "--token", null);
        int requests = Integer.parseInt(arg(args, "--requests", "2000"));
        int warmup = Integer.parseInt(arg(args, "--warmup", "300"));
        int clients = Integer.parseInt(arg(args, "--clients", "1"));

        String list = get(url + "/v1/websites", token);
        List<String> ids = new ArrayList<>();
        Matcher m = Pattern.compile("\"id\":\"(web_[a-z0-9]+)\"").matcher(list);
        while (m.find()) {
            ids.add(m.group(1));
        }
        if (ids.isEmpty()) {
            throw new IllegalStateException("the caller sees no websites: " + list);
        }
        run("listWebsites", clients, warmup, requests, () -> get(url + "/v1/websites", token));
        run("getWebsite", clients, warmup, requests,
                () -> get(url + "/v1/websites/" + ids.get(ThreadLocalRandom.current().nextInt(ids.size())), token));
    }

    interface Call {
        String call() throws Exception;
    }

    static void run(String name, int clients, int warmup, int requests, Call call) throws Exception {
        for (int i = 0; i < warmup; i++) {
            call.call();
        }
        long[] times = new long[requests];
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                futures.add(pool.submit(() -> {
                    for (int i = client; i < requests; i += clients) {
                        long t0 = System.nanoTime();
                        call.call();
                        times[i] = System.nanoTime() - t0;
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(times);
        double mean = Arrays.stream(times).average().orElse(0) / 1e6;
        System.out.printf("%s\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f%n", name, clients, requests,
                times[requests / 2] / 1e6, times[(int) Math.ceil(requests * 0.99) - 1] / 1e6,
                times[requests - 1] / 1e6, mean, requests / seconds);
    }

    static String get(String url, String token) throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        if (fallback == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return fallback;
    }
}
