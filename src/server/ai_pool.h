#pragma once
// Idle 2048 AIs kept between requests. An expectimax AI owns several megabytes of transposition
// tables; building and zeroing them for every hint cost more than a short search, so the server
// lends AIs out and takes them back.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "g2048/ai.h"

namespace tilestone::server {

class AiPool {
 public:
  /// An AI lent by the pool; it goes back when the lease ends.
  class Lease {
   public:
    Lease(AiPool* pool, std::string name, std::unique_ptr<g2048::Ai> ai)
        : pool_(pool), name_(std::move(name)), ai_(std::move(ai)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (ai_) pool_->give_back(name_, std::move(ai_));
    }
    g2048::Ai& operator*() const { return *ai_; }
    g2048::Ai* operator->() const { return ai_.get(); }

   private:
    AiPool* pool_;
    std::string name_;
    std::unique_ptr<g2048::Ai> ai_;
  };

  /// An idle AI of this configuration, or a new one; an error for an unknown name.
  core::Result<Lease> lend(const g2048::AiConfig& config) {
    const std::string name = config.name + "/" + config.eval + (config.network ? "/network" : "");
    {
      std::lock_guard lock(mutex_);
      auto& idle = idle_[name];
      if (!idle.empty()) {
        auto ai = std::move(idle.back());
        idle.pop_back();
        return Lease(this, name, std::move(ai));
      }
    }
    auto made = g2048::make_ai(config);
    if (!made) return core::fail(made.error());
    return Lease(this, name, std::move(made).value());
  }

 private:
  static constexpr std::size_t MAX_IDLE = 16;  ///< per AI name; more are freed

  void give_back(const std::string& name, std::unique_ptr<g2048::Ai> ai) {
    std::lock_guard lock(mutex_);
    auto& idle = idle_[name];
    if (idle.size() < MAX_IDLE) idle.push_back(std::move(ai));
  }

  std::mutex mutex_;
  std::map<std::string, std::vector<std::unique_ptr<g2048::Ai>>> idle_;
};

}  // namespace tilestone::server
