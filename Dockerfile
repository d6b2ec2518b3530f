# Runtime image for the assembled service. Build the jar first: ./mvnw -DskipTests package
FROM eclipse-temurin:21-jre
RUN useradd --system --home /srv/sites sites && mkdir -p /srv/sites && chown sites /srv/sites
WORKDIR /srv/sites
COPY app/target/app-*.jar /srv/sites/app.jar
USER sites
EXPOSE 8080 8081 9090
# A small young generation keeps collector pauses near 1 ms (serving p99); see docs/BENCHMARKS.md. The heap takes
# at most half the container's memory: the site server's file cache (256 MiB by default) lives outside it. Native
# access is granted (brotli4j, Netty's epoll) so the JVM prints no warning of its own: with SITES_LOG_FORMAT set,
# every line of output is JSON.
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "-XX:MaxRAMPercentage=50", "-Xmn48m", "-jar", "/srv/sites/app.jar"]
