# Runtime image for the assembled service. Build the jar first: ./mvnw -DskipTests package
# JDK 25 for its AOT cache: replicas start 10-13 % sooner with it (docs/DECISIONS.md, "The fleet").
FROM eclipse-temurin:25-jre
RUN useradd --system --home /srv/sites sites && mkdir -p /srv/sites && chown sites /srv/sites
WORKDIR /srv/sites
COPY app/target/app-*.jar /srv/sites/app.jar
COPY deploy/aot-training /usr/local/bin/aot-training
# The jar runs extracted (a cache holds classes from plain jars only), and the cache is trained here, in the final
# stage, because it is valid only with this very JVM and these very files. The training run leaves no data behind.
RUN java -Djarmode=tools -jar app.jar extract --destination app && rm app.jar \
    && aot-training app/app.jar app.aot && rm /usr/local/bin/aot-training
USER sites
EXPOSE 8080 8081 9090
# A small young generation keeps collector pauses near 1 ms (serving p99); see docs/BENCHMARKS.md. The heap takes
# at most half the container's memory: the site server's file cache (256 MiB by default) lives outside it. Native
# access is granted (brotli4j, Netty's epoll) so the JVM prints no warning of its own: with SITES_LOG_FORMAT set,
# every line of output is JSON.
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "-XX:AOTCache=/srv/sites/app.aot", "-XX:MaxRAMPercentage=50", "-Xmn48m", "-jar", "/srv/sites/app/app.jar"]
